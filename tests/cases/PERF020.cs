using System.IO;
using System.Security.Cryptography;

namespace Cases
{
    public static class PERF020Cases
    {
        // The one-shot EncryptCbc & co. and Rfc2898DeriveBytes.Pbkdf2 exist on .NET 6+: netstandard2.0 keeps the old code.
        public static byte[] Encrypt(byte[] key, byte[] data)
        {
            using (var aes = Aes.Create())
            {
                aes.Key = key;
                aes.Padding = PaddingMode.PKCS7;
                using (var ms = new MemoryStream())
                using (var cs = new CryptoStream(ms, aes.CreateEncryptor(), CryptoStreamMode.Write)) //~ PERF020[net10.0]
                {
                    cs.Write(data, 0, data.Length);
                    cs.FlushFinalBlock();
                    return ms.ToArray();
                }
            }
        }

        // The canonical pipeline: the return after the CryptoStream's using block.
        public static byte[] EncryptCanonical(byte[] key, byte[] iv, byte[] data)
        {
            using (var aes = Aes.Create())
            {
                aes.Key = key;
                aes.IV = iv;
                using (var transform = aes.CreateEncryptor())
                using (var ms = new MemoryStream())
                {
                    using (var cs = new CryptoStream(ms, transform, CryptoStreamMode.Write)) //~ PERF020[net10.0]
                    {
                        cs.Write(data, 0, data.Length);
                        cs.FlushFinalBlock();
                    }

                    return ms.ToArray();
                }
            }
        }

        public static byte[] EncryptWithTransformLocal(byte[] key, byte[] iv, byte[] data)
        {
            using (var aes = Aes.Create())
            {
                aes.Key = key;
                aes.IV = iv;
                var transform = aes.CreateEncryptor();
                return transform.TransformFinalBlock(data, 0, data.Length); //~ PERF020[net10.0]
            }
        }

        public static byte[] EncryptTripleDes(byte[] key, byte[] data)
        {
            using (var alg = TripleDES.Create())
            {
                alg.Key = key;
                return alg.CreateEncryptor().TransformFinalBlock(data, 0, data.Length); //~ PERF020[net10.0]
            }
        }

        public static byte[] DecryptEcb(byte[] key, byte[] data)
        {
            using (var aes = Aes.Create())
            {
                aes.Key = key;
                aes.Mode = CipherMode.ECB;
                return aes.CreateDecryptor().TransformFinalBlock(data, 0, data.Length); //~ PERF020[net10.0]
            }
        }

        public static byte[] Derive(string password, byte[] salt)
        {
            using (var kdf = new Rfc2898DeriveBytes(password, salt, 10000)) //~ PERF020[net10.0]
            {
                return kdf.GetBytes(32);
            }
        }

        // Must not flag: a mode that is not a constant, two writes, a derivation used twice.
        public static byte[] AnyMode(byte[] key, byte[] data, CipherMode mode)
        {
            using (var aes = Aes.Create())
            {
                aes.Key = key;
                aes.Mode = mode;
                return aes.CreateEncryptor().TransformFinalBlock(data, 0, data.Length);
            }
        }

        public static byte[] TwoWrites(byte[] header, byte[] data)
        {
            using (var aes = Aes.Create())
            using (var ms = new MemoryStream())
            using (var cs = new CryptoStream(ms, aes.CreateEncryptor(), CryptoStreamMode.Write))
            {
                cs.Write(header, 0, header.Length);
                cs.Write(data, 0, data.Length);
                cs.FlushFinalBlock();
                return ms.ToArray();
            }
        }

        public static byte[] KeyAndIv(string password, byte[] salt)
        {
            using (var kdf = new Rfc2898DeriveBytes(password, salt, 10000))
            {
                var key = kdf.GetBytes(32);
                var iv = kdf.GetBytes(16);
                return iv.Length == 16 ? key : iv;
            }
        }
    }
}
