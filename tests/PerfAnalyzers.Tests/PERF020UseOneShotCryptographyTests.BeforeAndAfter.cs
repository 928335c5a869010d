using System;
using System.Collections.Generic;
using System.Linq;
using System.Text;
using System.Threading.Tasks;
using PerfAnalyzers.Tests.Infrastructure;
using Xunit;

namespace PerfAnalyzers.Tests;

public partial class PERF020UseOneShotCryptographyTests
{
    /// <summary>The benchmark's Before methods (fields for the data, a constant password) become its After methods.</summary>
    [Fact]
    public Task The_benchmark_pairs_are_the_fix_output() => Verify(
        Wrap("""
                 const string Password = "my super strong password";
                 static readonly byte[] Salt = { 1, 2, 3, 4, 5, 6, 7, 8 };
                 static byte[] _key = new byte[32], _iv = new byte[16], _plaintext = new byte[1024];

                 public static byte[] EncryptBefore()
                 {
                     using Aes aes = Aes.Create();
                     aes.Key = _key;
                     aes.IV = _iv;
                     aes.Padding = PaddingMode.PKCS7;
                     aes.Mode = CipherMode.CBC;

                     using MemoryStream destination = new MemoryStream();
                     using ICryptoTransform transform = aes.CreateEncryptor();
                     using CryptoStream cryptoStream = [|new CryptoStream(destination, transform, CryptoStreamMode.Write)|];
                     cryptoStream.Write(_plaintext, 0, _plaintext.Length);
                     cryptoStream.FlushFinalBlock();
                     return destination.ToArray();
                 }

                 public static byte[] Pbkdf2Before()
                 {
                     using Rfc2898DeriveBytes db = [|new Rfc2898DeriveBytes(Password, Salt, 10_000, HashAlgorithmName.SHA256)|];
                     return db.GetBytes(32);
                 }
             """),
        Wrap("""
                 const string Password = "my super strong password";
                 static readonly byte[] Salt = { 1, 2, 3, 4, 5, 6, 7, 8 };
                 static byte[] _key = new byte[32], _iv = new byte[16], _plaintext = new byte[1024];

                 public static byte[] EncryptBefore()
                 {
                     using Aes aes = Aes.Create();
                     aes.Key = _key;
                     aes.IV = _iv;
                     aes.Padding = PaddingMode.PKCS7;
                     aes.Mode = CipherMode.CBC;

                     return aes.EncryptCbc(_plaintext, aes.IV, PaddingMode.PKCS7);
                 }

                 public static byte[] Pbkdf2Before()
                 {
                     return Rfc2898DeriveBytes.Pbkdf2(Password, Salt, 10_000, HashAlgorithmName.SHA256, 32);
                 }
             """));

    // ---- Run before and after: the bytes are the same ----

    /// <summary>
    /// The fix's output of <see cref="Every_mode_and_padding_becomes_its_one_shot_call"/> run beside its input: for CBC,
    /// ECB and CFB with PKCS7, Zeros and None padding, what one side encrypts the other decrypts (and the reverse), the
    /// ciphertexts are equal, and input the mode cannot take (a partial block without padding, a bad padding) fails the
    /// same way on both sides.
    /// </summary>
    [Fact]
    public void Before_encrypts_what_after_decrypts_and_the_reverse()
    {
        using var before = LoadedCode.Compile(StripMarkup(Ciphers(after: false)));
        using var after = LoadedCode.Compile(Ciphers(after: true));
        var random = new Random(20);
        var key = Bytes(random, 32);
        var iv = Bytes(random, 16);
        var checkedCount = 0;
        var differences = new List<string>();
        foreach (var mode in Modes)
        {
            foreach (var padding in Paddings)
            {
                foreach (var length in new[] { 0, 1, 15, 16, 17, 37, 1024 })
                {
                    var data = Bytes(random, length);
                    var encrypt = $"Encrypt_{mode}_{padding}";
                    var decrypt = $"Decrypt_{mode}_{padding}";
                    var c1 = Outcome(before, encrypt, key, iv, data);
                    var c2 = Outcome(after, encrypt, key, iv, data);
                    if (!c1.Equals(c2))
                    {
                        differences.Add($"{encrypt}({length} bytes): before {c1}, after {c2}");
                    }

                    if (c1.Bytes is { } ciphertext && c1.Equals(c2))
                    {
                        var p1 = Outcome(before, decrypt, key, iv, ciphertext);
                        var p2 = Outcome(after, decrypt, key, iv, ciphertext);
                        Assert.True(p1.Equals(p2), $"{decrypt}({length} bytes): before {p1}, after {p2}");
                        if (padding != "Zeros")
                        {
                            Assert.Equal(data, p2.Bytes);
                        }
                        else
                        {
                            Assert.Equal(data, p2.Bytes!.Take(length));
                        }

                        checkedCount++;
                    }

                    // Bytes that were never a ciphertext: the same plaintext or the same failure (bad padding, partial block).
                    var noise = Bytes(random, length);
                    var n1 = Outcome(before, decrypt, key, iv, noise);
                    var n2 = Outcome(after, decrypt, key, iv, noise);
                    if (!n1.Equals(n2))
                    {
                        differences.Add($"{decrypt}(noise, {length} bytes): before {n1}, after {n2}");
                    }
                }
            }
        }

        Assert.True(checkedCount > 40, "too few round trips: " + checkedCount);

        // No difference, not even for an empty ciphertext under a removed padding (the stream returns an empty array, the
        // one-shot method alone would throw: the fix checks the length first).
        Assert.True(differences.Count == 0, string.Join("\n", differences));
    }

    /// <summary>The other shapes' before and after code (the texts of the fix tests above), run side by side.</summary>
    [Fact]
    public void Seed_shape_transform_shape_and_pbkdf2_compute_the_same_bytes()
    {
        var random = new Random(21);
        var key = Bytes(random, 32);
        var iv = Bytes(random, 16);
        var data = Bytes(random, 100);

        // Using declarations and the transform local; TransformFinalBlock.
        using (var before = LoadedCode.Compile(StripMarkup(UsingDeclarationsBefore)))
        using (var after = LoadedCode.Compile(UsingDeclarationsAfter))
        {
            var cipher = Outcome(before, "Encrypt", key, data);
            Assert.Equal(cipher.ToString(), Outcome(after, "Encrypt", key, data).ToString());
            var ciphertext = (byte[])before.Invoke("EncryptWithIv", key, iv, data)!;
            Assert.Equal(Outcome(before, "Decrypt", key, iv, ciphertext), Outcome(after, "Decrypt", key, iv, ciphertext));
            Assert.Equal(data, (byte[])after.Invoke("Decrypt", key, iv, ciphertext)!);
        }

        // PBKDF2, every constructor, including a short salt and a password that is not valid UTF-16.
        using (var before = LoadedCode.Compile(StripMarkup(Derivations(after: false))))
        using (var after = LoadedCode.Compile(Derivations(after: true)))
        {
            foreach (var (password, salt) in new[] { ("correct horse", Bytes(random, 16)), (string.Empty, Bytes(random, 8)), ("p\u00e4ss\U0001F511", Bytes(random, 32)), ("short salt", Bytes(random, 4)), ("lone \ud800 surrogate", Bytes(random, 16)) })
            {
                var bytes = Encoding.UTF8.GetBytes(password);
                Assert.Equal(Outcome(before, "Sha256", password, salt), Outcome(after, "Sha256", password, salt));
                Assert.Equal(Outcome(before, "Bytes", bytes, salt, 1234), Outcome(after, "Bytes", bytes, salt, 1234));
                Assert.Equal(Outcome(before, "DefaultHash", password, salt, 10), Outcome(after, "DefaultHash", password, salt, 10));
                Assert.Equal(Outcome(before, "DefaultIterations", password, salt), Outcome(after, "DefaultIterations", password, salt));
                Assert.Equal(Outcome(before, "BytesDefaultHash", bytes, salt), Outcome(after, "BytesDefaultHash", bytes, salt));
            }

            Assert.Equal(Outcome(before, "DefaultHash", "pw", new byte[8], 0), Outcome(after, "DefaultHash", "pw", new byte[8], 0));
        }
    }

    private const string UsingDeclarationsBefore = Header + """
        public static class P
        {
            public static byte[] Decrypt(byte[] key, byte[] iv, byte[] ciphertext)
            {
                using Aes aes = Aes.Create();
                aes.Key = key;
                aes.IV = iv;
                using MemoryStream destination = new MemoryStream();
                using ICryptoTransform transform = aes.CreateDecryptor();
                using CryptoStream cryptoStream = [|new CryptoStream(destination, transform, CryptoStreamMode.Write)|];
                cryptoStream.Write(ciphertext);
                cryptoStream.FlushFinalBlock();
                return destination.ToArray();
            }

            public static byte[] Encrypt(byte[] key, byte[] data)
            {
                using (var aes = Aes.Create())
                {
                    aes.Key = key;
                    aes.IV = new byte[16];
                    aes.Mode = CipherMode.CFB;
                    aes.Padding = PaddingMode.None;
                    return [|aes.CreateEncryptor().TransformFinalBlock(data, 0, data.Length)|];
                }
            }

            public static byte[] EncryptWithIv(byte[] key, byte[] iv, byte[] data)
            {
                using var aes = Aes.Create();
                aes.Key = key;
                aes.IV = iv;
                return aes.EncryptCbc(data, iv);
            }
        }
        """;

    private const string UsingDeclarationsAfter = Header + """
        public static class P
        {
            public static byte[] Decrypt(byte[] key, byte[] iv, byte[] ciphertext)
            {
                using Aes aes = Aes.Create();
                aes.Key = key;
                aes.IV = iv;
                return ciphertext.Length == 0 ? Array.Empty<byte>() : aes.DecryptCbc(ciphertext, aes.IV, PaddingMode.PKCS7);
            }

            public static byte[] Encrypt(byte[] key, byte[] data)
            {
                using (var aes = Aes.Create())
                {
                    aes.Key = key;
                    aes.IV = new byte[16];
                    aes.Mode = CipherMode.CFB;
                    aes.Padding = PaddingMode.None;
                    return aes.EncryptCfb(data, aes.IV, PaddingMode.None, aes.FeedbackSize);
                }
            }

            public static byte[] EncryptWithIv(byte[] key, byte[] iv, byte[] data)
            {
                using var aes = Aes.Create();
                aes.Key = key;
                aes.IV = iv;
                return aes.EncryptCbc(data, iv);
            }
        }
        """;

    /// <summary>The fix turns <see cref="UsingDeclarationsBefore"/> into <see cref="UsingDeclarationsAfter"/>, the pair run above.</summary>
    [Fact]
    public Task The_run_pair_is_the_fix_output() => Verify(UsingDeclarationsBefore, UsingDeclarationsAfter);
}
