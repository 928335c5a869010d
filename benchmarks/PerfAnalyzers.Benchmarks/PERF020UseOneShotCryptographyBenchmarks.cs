using System;
using System.IO;
using System.Security.Cryptography;
using System.Text;
using BenchmarkDotNet.Attributes;

namespace PerfAnalyzers.Benchmarks;

/// <summary>
/// PERF020, in the .NET 6 post's shape (seeds/net6-performance.txt, one-shot symmetric methods and <c>Pbkdf2</c>): an
/// <c>Aes</c> created per call with its key, IV, padding and mode set, then the stream pipeline (Before) or the fix's
/// one-shot call (After). <c>SeedDecrypt</c> is the post's own case (its 37-byte message); <c>Encrypt</c> and
/// <c>Decrypt</c> process 1 KB; <c>Pbkdf2</c> derives 32 bytes with 10,000 iterations of HMAC-SHA256.
/// </summary>
[MemoryDiagnoser]
public class PERF020UseOneShotCryptographyBenchmarks
{
    private const string Password = "my super strong password";
    private static readonly byte[] Salt = { 1, 2, 3, 4, 5, 6, 7, 8 };

    private readonly byte[] _key = new byte[32];
    private readonly byte[] _iv = new byte[16];
    private readonly byte[] _plaintext = new byte[1024];
    private readonly byte[] _ciphertext;
    private readonly byte[] _seedCiphertext;

    public PERF020UseOneShotCryptographyBenchmarks()
    {
        var random = new Random(20);
        random.NextBytes(_key);
        random.NextBytes(_iv);
        random.NextBytes(_plaintext);
        using var aes = Aes.Create();
        aes.Key = _key;
        _ciphertext = aes.EncryptCbc(_plaintext, _iv);
        _seedCiphertext = aes.EncryptCbc(Encoding.UTF8.GetBytes("This is a test.  This is only a test."), _iv);
    }

    /// <summary>Every method pays for this, as the post's code does: a new <c>Aes</c> with key, IV, padding and mode set.</summary>
    private Aes CreateAes()
    {
        Aes aes = Aes.Create();
        aes.Key = _key;
        aes.IV = _iv;
        aes.Padding = PaddingMode.PKCS7;
        aes.Mode = CipherMode.CBC;
        return aes;
    }

    [Benchmark(Baseline = true)]
    public byte[] EncryptBefore()
    {
        using Aes aes = CreateAes();

        using MemoryStream destination = new MemoryStream();
        using ICryptoTransform transform = aes.CreateEncryptor();
        using CryptoStream cryptoStream = new CryptoStream(destination, transform, CryptoStreamMode.Write);
        cryptoStream.Write(_plaintext, 0, _plaintext.Length);
        cryptoStream.FlushFinalBlock();
        return destination.ToArray();
    }

    [Benchmark]
    public byte[] EncryptAfter()
    {
        using Aes aes = CreateAes();
        return aes.EncryptCbc(_plaintext, aes.IV, PaddingMode.PKCS7);
    }

    [Benchmark]
    public byte[] DecryptBefore()
    {
        using Aes aes = CreateAes();

        using MemoryStream destination = new MemoryStream();
        using ICryptoTransform transform = aes.CreateDecryptor();
        using CryptoStream cryptoStream = new CryptoStream(destination, transform, CryptoStreamMode.Write);
        cryptoStream.Write(_ciphertext);
        cryptoStream.FlushFinalBlock();
        return destination.ToArray();
    }

    [Benchmark]
    public byte[] DecryptAfter()
    {
        using Aes aes = CreateAes();
        return _ciphertext.Length == 0 ? Array.Empty<byte>() : aes.DecryptCbc(_ciphertext, aes.IV, PaddingMode.PKCS7);
    }

    [Benchmark]
    public byte[] SeedDecryptBefore()
    {
        using Aes aes = CreateAes();

        using MemoryStream destination = new MemoryStream();
        using ICryptoTransform transform = aes.CreateDecryptor();
        using CryptoStream cryptoStream = new CryptoStream(destination, transform, CryptoStreamMode.Write);
        cryptoStream.Write(_seedCiphertext);
        cryptoStream.FlushFinalBlock();
        return destination.ToArray();
    }

    [Benchmark]
    public byte[] SeedDecryptAfter()
    {
        using Aes aes = CreateAes();
        return _seedCiphertext.Length == 0 ? Array.Empty<byte>() : aes.DecryptCbc(_seedCiphertext, aes.IV, PaddingMode.PKCS7);
    }

    [Benchmark]
    public byte[] Pbkdf2Before()
    {
#pragma warning disable SYSLIB0060 // the flagged code: .NET 10 obsoletes the constructor
        using Rfc2898DeriveBytes db = new Rfc2898DeriveBytes(Password, Salt, 10_000, HashAlgorithmName.SHA256);
#pragma warning restore SYSLIB0060
        return db.GetBytes(32);
    }

    [Benchmark]
    public byte[] Pbkdf2After()
    {
        return Rfc2898DeriveBytes.Pbkdf2(Password, Salt, 10_000, HashAlgorithmName.SHA256, 32);
    }
}
