using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;
using System.Text;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Testing;
using PerfAnalyzers.CodeFixes.Crypto;
using PerfAnalyzers.Crypto;
using PerfAnalyzers.Tests.Infrastructure;
using Xunit;

namespace PerfAnalyzers.Tests;

public partial class PERF020UseOneShotCryptographyTests : RuleTests<PERF020UseOneShotCryptographyAnalyzer, PERF020UseOneShotCryptographyCodeFix>
{
    private const string Header = "using System;\nusing System.IO;\nusing System.Security.Cryptography;\nusing System.Text;\n\n";

    private static string Wrap(string members) => Header + "public static class P\n{\n" + members + "\n}\n";

    // ---- The modes and paddings: the same methods are fixed (below) and run before and after (further below) ----

    private static readonly string[] Modes = { "CBC", "ECB", "CFB" };

    private static readonly string[] Paddings = { "PKCS7", "Zeros", "None" };

    /// <summary>
    /// <c>Encrypt_CBC_PKCS7(key, iv, data)</c> and <c>Decrypt_...</c> for every mode and padding, written with C# 7.3's
    /// <c>using (...)</c> statements: the stream pipeline, or (<paramref name="after"/>) the fix's one-shot call.
    /// </summary>
    private static string Ciphers(bool after)
    {
        var members = new StringBuilder();
        foreach (var mode in Modes)
        {
            foreach (var padding in Paddings)
            {
                foreach (var direction in new[] { "Encrypt", "Decrypt" })
                {
                    var oneShot = direction + mode[0] + mode.Substring(1).ToLowerInvariant();
                    var arguments = mode switch
                    {
                        "ECB" => $"data, PaddingMode.{padding}",
                        "CFB" => $"data, aes.IV, PaddingMode.{padding}, aes.FeedbackSize",
                        _ => $"data, aes.IV, PaddingMode.{padding}",
                    };
                    // Encryption without padding of a partial block throws ArgumentException from EncryptCbc/EncryptEcb
                    // where the stream throws CryptographicException: not flagged, the method stays as it is.
                    var flagged = !(direction == "Encrypt" && padding == "None" && mode != "CFB");
                    // An empty ciphertext under a padding decryption removes: the stream returns an empty array, so the fix does.
                    var call = direction == "Decrypt" && padding == "PKCS7"
                        ? $"data.Length == 0 ? Array.Empty<byte>() : aes.{oneShot}({arguments})"
                        : $"aes.{oneShot}({arguments})";
                    var body = after && flagged
                        ? $"            return {call};\n"
                        : $$"""
                                      using (var ms = new MemoryStream())
                                      using (var cs = {{(flagged ? "[|" : string.Empty)}}new CryptoStream(ms, aes.Create{{direction}}or(), CryptoStreamMode.Write){{(flagged ? "|]" : string.Empty)}})
                                      {
                                          cs.Write(data, 0, data.Length);
                                          cs.FlushFinalBlock();
                                          return ms.ToArray();
                                      }

                          """;
                    members.Append($$"""
                            public static byte[] {{direction}}_{{mode}}_{{padding}}(byte[] key, byte[] iv, byte[] data)
                            {
                                using (var aes = Aes.Create())
                                {
                                    aes.Key = key;
                                    aes.IV = iv;
                                    aes.Mode = CipherMode.{{mode}};
                                    aes.Padding = PaddingMode.{{padding}};

                        """).Append(body).Append("        }\n    }\n\n");
                }
            }
        }

        return Wrap(members.ToString().TrimEnd('\n'));
    }

    // ---- Flagged shapes and the fix ----

    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task Every_mode_and_padding_becomes_its_one_shot_call(LanguageVersion version) =>
        Languages.At(version, () => Verify(Ciphers(after: false), Ciphers(after: true)));

    /// <summary>The .NET 6 post's shape: C# 8 using declarations, a transform local, <c>Write(span)</c>, defaults written out.</summary>
    [Fact]
    public Task Using_declarations_and_a_transform_local() => Verify(
        Wrap("""
                 public static byte[] Decrypt(byte[] key, byte[] iv, byte[] ciphertext)
                 {
                     using Aes aes = Aes.Create();
                     aes.Key = key;
                     aes.IV = iv;
                     aes.Padding = PaddingMode.PKCS7;
                     aes.Mode = CipherMode.CBC;

                     using MemoryStream destination = new MemoryStream();
                     using ICryptoTransform transform = aes.CreateDecryptor();
                     using CryptoStream cryptoStream = [|new CryptoStream(destination, transform, CryptoStreamMode.Write)|];

                     cryptoStream.Write(ciphertext);
                     cryptoStream.FlushFinalBlock();

                     return destination.ToArray();
                 }

                 public static byte[] Encrypt(byte[] key, byte[] data)
                 {
                     var aes = Aes.Create();
                     aes.Key = key;
                     var ms = new MemoryStream();
                     var cs = [|new CryptoStream(ms, aes.CreateEncryptor(), CryptoStreamMode.Write)|];
                     cs.Write(data, 0, data.Length);
                     cs.FlushFinalBlock();
                     return ms.ToArray();
                 }
             """),
        Wrap("""
                 public static byte[] Decrypt(byte[] key, byte[] iv, byte[] ciphertext)
                 {
                     using Aes aes = Aes.Create();
                     aes.Key = key;
                     aes.IV = iv;
                     aes.Padding = PaddingMode.PKCS7;
                     aes.Mode = CipherMode.CBC;

                     return ciphertext.Length == 0 ? Array.Empty<byte>() : aes.DecryptCbc(ciphertext, aes.IV, PaddingMode.PKCS7);
                 }

                 public static byte[] Encrypt(byte[] key, byte[] data)
                 {
                     var aes = Aes.Create();
                     aes.Key = key;
                     return aes.EncryptCbc(data, aes.IV, PaddingMode.PKCS7);
                 }
             """));

    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task TransformFinalBlock_on_a_new_transform(LanguageVersion version) => Languages.At(version, () => Verify(
        Wrap("""
                 public static byte[] Encrypt(byte[] key, byte[] data)
                 {
                     using (var aes = Aes.Create())
                     {
                         aes.Key = key;
                         aes.Mode = CipherMode.ECB;
                         return [|aes.CreateEncryptor().TransformFinalBlock(data, 0, data.Length)|];
                     }
                 }

                 public static byte[] Decrypt(byte[] key, byte[] iv, byte[] data)
                 {
                     using (var aes = Aes.Create())
                     {
                         aes.Key = key;
                         aes.IV = iv;
                         aes.Padding = PaddingMode.Zeros;
                         var plain = [|aes.CreateDecryptor().TransformFinalBlock(data, 0, data.Length)|];
                         return plain;
                     }
                 }
             """),
        Wrap("""
                 public static byte[] Encrypt(byte[] key, byte[] data)
                 {
                     using (var aes = Aes.Create())
                     {
                         aes.Key = key;
                         aes.Mode = CipherMode.ECB;
                         return aes.EncryptEcb(data, PaddingMode.PKCS7);
                     }
                 }

                 public static byte[] Decrypt(byte[] key, byte[] iv, byte[] data)
                 {
                     using (var aes = Aes.Create())
                     {
                         aes.Key = key;
                         aes.IV = iv;
                         aes.Padding = PaddingMode.Zeros;
                         var plain = aes.DecryptCbc(data, aes.IV, PaddingMode.Zeros);
                         return plain;
                     }
                 }
             """)));

    /// <summary>PBKDF2 derivations for every constructor with a salt; the defaults (1000 iterations, SHA-1) are written out.</summary>
    private static string Derivations(bool after) => Wrap(after
        ? """
              public static byte[] Sha256(string password, byte[] salt) => Derive(password, salt);

              static byte[] Derive(string password, byte[] salt)
              {
                  return Rfc2898DeriveBytes.Pbkdf2(Encoding.UTF8.GetBytes(password), salt, 10000, HashAlgorithmName.SHA256, 32);
              }

              public static byte[] Bytes(byte[] password, byte[] salt, int iterations)
              {
                  var key = Rfc2898DeriveBytes.Pbkdf2(password, salt, iterations, HashAlgorithmName.SHA512, 64);
                  return key;
              }

              public static byte[] DefaultHash(string password, byte[] salt, int iterations)
              {
                  byte[] key;
                  key = Rfc2898DeriveBytes.Pbkdf2(Encoding.UTF8.GetBytes(password), salt, iterations, HashAlgorithmName.SHA1, 20);
                  return key;
              }

              public static byte[] DefaultIterations(string password, byte[] salt)
              {
                  return Rfc2898DeriveBytes.Pbkdf2(Encoding.UTF8.GetBytes(password), salt, 1000, HashAlgorithmName.SHA1, 16);
              }

              public static byte[] BytesDefaultHash(byte[] password, byte[] salt)
              {
                  // the key
                  return Rfc2898DeriveBytes.Pbkdf2(password, salt, 5, HashAlgorithmName.SHA1, 24);
              }
          """
        : """
              public static byte[] Sha256(string password, byte[] salt) => Derive(password, salt);

              static byte[] Derive(string password, byte[] salt)
              {
                  using (var kdf = [|new Rfc2898DeriveBytes(password, salt, 10000, HashAlgorithmName.SHA256)|])
                  {
                      return kdf.GetBytes(32);
                  }
              }

              public static byte[] Bytes(byte[] password, byte[] salt, int iterations)
              {
                  var kdf = [|new Rfc2898DeriveBytes(password, salt, iterations, HashAlgorithmName.SHA512)|];
                  var key = kdf.GetBytes(64);
                  return key;
              }

              public static byte[] DefaultHash(string password, byte[] salt, int iterations)
              {
                  byte[] key;
                  using (var kdf = [|new Rfc2898DeriveBytes(password, salt, iterations)|])
                      key = kdf.GetBytes(20);
                  return key;
              }

              public static byte[] DefaultIterations(string password, byte[] salt)
              {
                  using (var kdf = [|new Rfc2898DeriveBytes(password, salt)|])
                  {
                      return kdf.GetBytes(16);
                  }
              }

              public static byte[] BytesDefaultHash(byte[] password, byte[] salt)
              {
                  // the key
                  var kdf = [|new Rfc2898DeriveBytes(password, salt, 5)|];
                  return kdf.GetBytes(24);
              }
          """);

    /// <summary>Types of the same names in another namespace are not the BCL's (the rule compares names first, then the types).</summary>
    [Fact]
    public Task Crypto_lookalikes_of_another_namespace_are_not_flagged() => Verify("""
        namespace Mine
        {
            sealed class Rfc2898DeriveBytes : System.IDisposable
            {
                public Rfc2898DeriveBytes(string password, byte[] salt, int iterations) { }
                public byte[] GetBytes(int count) => new byte[count];
                public void Dispose() { }
            }

            sealed class CryptoStream : System.IO.Stream
            {
                public CryptoStream(System.IO.Stream stream, System.Security.Cryptography.ICryptoTransform transform, int mode) { }
                public override bool CanRead => false;
                public override bool CanSeek => false;
                public override bool CanWrite => true;
                public override long Length => 0;
                public override long Position { get => 0; set { } }
                public override void Flush() { }
                public void FlushFinalBlock() { }
                public override int Read(byte[] buffer, int offset, int count) => 0;
                public override long Seek(long offset, System.IO.SeekOrigin origin) => 0;
                public override void SetLength(long value) { }
                public override void Write(byte[] buffer, int offset, int count) { }
            }

            static class P
            {
                static byte[] Derive(string password, byte[] salt)
                {
                    using var kdf = new Rfc2898DeriveBytes(password, salt, 100_000);
                    return kdf.GetBytes(32);
                }

                static byte[] Encrypt(byte[] key, byte[] data)
                {
                    using var aes = System.Security.Cryptography.Aes.Create();
                    aes.Key = key;
                    using var ms = new System.IO.MemoryStream();
                    using var cs = new CryptoStream(ms, aes.CreateEncryptor(), 1);
                    cs.Write(data, 0, data.Length);
                    cs.FlushFinalBlock();
                    return ms.ToArray();
                }
            }
        }
        """);

    [Fact]
    public Task Message_names_what_the_fix_writes()
    {
        var test = Test(
            Wrap("""
                     public static byte[] Encrypt(byte[] data)
                     {
                         using (var aes = Aes.Create())
                         using (var ms = new MemoryStream())
                         using (var cs = {|#0:new CryptoStream(ms, aes.CreateEncryptor(), CryptoStreamMode.Write)|})
                         {
                             cs.Write(data, 0, data.Length);
                             cs.FlushFinalBlock();
                             return ms.ToArray();
                         }
                     }

                     public static byte[] Derive(string password, byte[] salt)
                     {
                         using (var kdf = {|#1:new Rfc2898DeriveBytes(password, salt)|})
                         {
                             return kdf.GetBytes(16);
                         }
                     }
                 """),
            Wrap("""
                     public static byte[] Encrypt(byte[] data)
                     {
                         using (var aes = Aes.Create())
                             return aes.EncryptCbc(data, aes.IV, PaddingMode.PKCS7);
                     }

                     public static byte[] Derive(string password, byte[] salt)
                     {
                         return Rfc2898DeriveBytes.Pbkdf2(Encoding.UTF8.GetBytes(password), salt, 1000, HashAlgorithmName.SHA1, 16);
                     }
                 """));
        test.ExpectedDiagnostics.Add(RuleTest<PERF020UseOneShotCryptographyAnalyzer, PERF020UseOneShotCryptographyCodeFix>.Diagnostic().WithLocation(0)
            .WithOptions(DiagnosticOptions.IgnoreAdditionalLocations)
            .WithMessage("'new CryptoStream(ms, aes.CreateEncryptor(), CryptoStreamMode.Write)' sets up objects for one cryptographic operation on data already in memory; use 'aes.EncryptCbc(data, aes.IV, PaddingMode.PKCS7)' instead"));
        test.ExpectedDiagnostics.Add(RuleTest<PERF020UseOneShotCryptographyAnalyzer, PERF020UseOneShotCryptographyCodeFix>.Diagnostic().WithLocation(1)
            .WithMessage("'new Rfc2898DeriveBytes(password, salt)' sets up objects for one cryptographic operation on data already in memory; use 'Rfc2898DeriveBytes.Pbkdf2(Encoding.UTF8.GetBytes(password), salt, 1000, HashAlgorithmName.SHA1, 16)' instead"));
        return test.RunAsync();
    }

    // ---- helpers ----

    private static string StripMarkup(string source) =>
        source.Replace("[|", string.Empty, StringComparison.Ordinal).Replace("|]", string.Empty, StringComparison.Ordinal);

    private static byte[] Bytes(Random random, int length)
    {
        var bytes = new byte[length];
        random.NextBytes(bytes);
        return bytes;
    }

    /// <summary>The bytes a call returns, or the type of the exception it throws.</summary>
    private static Result Outcome(LoadedCode code, string method, params object[] arguments)
    {
        try
        {
            return new Result((byte[])code.Invoke(method, arguments)!, null);
        }
        catch (TargetInvocationException e) when (e.InnerException is { } inner)
        {
            return new Result(null, inner.GetType().FullName);
        }
    }

    private sealed record Result(byte[]? Bytes, string? Exception)
    {
        public bool Equals(Result? other) =>
            other is not null && Exception == other.Exception &&
            (Bytes is null ? other.Bytes is null : other.Bytes is not null && Bytes.SequenceEqual(other.Bytes));

        public override int GetHashCode() => Exception?.GetHashCode(StringComparison.Ordinal) ?? Bytes?.Length ?? 0;

        public override string ToString() => Exception ?? Convert.ToHexString(Bytes!);
    }
}
