using System.IO;
using System.Security.Cryptography;

namespace PerfAnalyzers.Samples;

/// <summary>
/// PERF020: a MemoryStream and a CryptoStream created to encrypt one buffer, and a Rfc2898DeriveBytes instance created
/// for one GetBytes; .NET 6's aes.EncryptCbc(...) and Rfc2898DeriveBytes.Pbkdf2(...) do each in one call.
/// </summary>
public static class PERF020OneShotCrypto
{
    public static byte[] Encrypt(byte[] key, byte[] iv, byte[] data)
    {
        using var aes = Aes.Create();
        aes.Key = key;
        aes.IV = iv;
        using var ms = new MemoryStream();
        using var cs = new CryptoStream(ms, aes.CreateEncryptor(), CryptoStreamMode.Write);
        cs.Write(data, 0, data.Length);
        cs.FlushFinalBlock();
        return ms.ToArray();
    }

    public static byte[] DeriveKey(byte[] password, byte[] salt)
    {
        using var kdf = new Rfc2898DeriveBytes(password, salt, 100_000, HashAlgorithmName.SHA256);
        return kdf.GetBytes(32);
    }
}
