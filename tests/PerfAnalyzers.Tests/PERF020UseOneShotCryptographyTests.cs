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

public class PERF020UseOneShotCryptographyTests
{
    private const string Header = "using System;\nusing System.IO;\nusing System.Security.Cryptography;\nusing System.Text;\n\n";

    private static RuleTest<PERF020UseOneShotCryptographyAnalyzer, PERF020UseOneShotCryptographyCodeFix> Test(string source, string? fixedSource = null, TestReferences references = TestReferences.Net80) =>
        RuleTest<PERF020UseOneShotCryptographyAnalyzer, PERF020UseOneShotCryptographyCodeFix>.Create(source, fixedSource, references);

    private static Task Verify(string source, string? fixedSource = null, TestReferences references = TestReferences.Net80) =>
        Test(source, fixedSource, references).RunAsync();

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

    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task Rfc2898DeriveBytes_for_one_GetBytes_becomes_Pbkdf2(LanguageVersion version) =>
        Languages.At(version, () => Verify(Derivations(after: false), Derivations(after: true)));

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
    public Task Using_declaration_of_the_derivation() => Verify(
        Wrap("""
                 public static byte[] Derive(string password, byte[] salt)
                 {
                     using var kdf = [|new Rfc2898DeriveBytes(password, salt, 100_000, HashAlgorithmName.SHA384)|];
                     return kdf.GetBytes(48);
                 }
             """),
        Wrap("""
                 public static byte[] Derive(string password, byte[] salt)
                 {
                     return Rfc2898DeriveBytes.Pbkdf2(Encoding.UTF8.GetBytes(password), salt, 100_000, HashAlgorithmName.SHA384, 48);
                 }
             """));

    /// <summary>The .NET 6 post's shape: a constant password with no lone surrogate keeps the one-shot string overload.</summary>
    [Fact]
    public Task Constant_password_keeps_the_string_overload() => Verify(
        Wrap("""
                 static readonly byte[] Salt = { 1, 2, 3, 4, 5, 6, 7, 8 };
                 const string Secret = "my super strong password \U0001F511";

                 public static byte[] Derive()
                 {
                     using Rfc2898DeriveBytes db = [|new Rfc2898DeriveBytes(Secret, Salt, 1000, HashAlgorithmName.SHA256)|];
                     return db.GetBytes(16);
                 }

                 public static byte[] LoneSurrogate()
                 {
                     using Rfc2898DeriveBytes db = [|new Rfc2898DeriveBytes("bad \ud800", Salt, 1000, HashAlgorithmName.SHA256)|];
                     return db.GetBytes(16);
                 }
             """),
        Wrap("""
                 static readonly byte[] Salt = { 1, 2, 3, 4, 5, 6, 7, 8 };
                 const string Secret = "my super strong password \U0001F511";

                 public static byte[] Derive()
                 {
                     return Rfc2898DeriveBytes.Pbkdf2(Secret, Salt, 1000, HashAlgorithmName.SHA256, 16);
                 }

                 public static byte[] LoneSurrogate()
                 {
                     return Rfc2898DeriveBytes.Pbkdf2(Encoding.UTF8.GetBytes("bad \ud800"), Salt, 1000, HashAlgorithmName.SHA256, 16);
                 }
             """));

    /// <summary>On .NET 10 every constructor is obsolete (SYSLIB0060): the fix removes the warning, and the rule still fires.</summary>
    [Fact]
    public Task Net10_with_its_obsolete_constructor() => Verify(
        Wrap("""
                 public static byte[] Derive(string password, byte[] salt)
                 {
                     using (var kdf = [|new Rfc2898DeriveBytes(password, salt, 600000, HashAlgorithmName.SHA256)|])
                     {
                         return kdf.GetBytes(32);
                     }
                 }
             """),
        Wrap("""
                 public static byte[] Derive(string password, byte[] salt)
                 {
                     return Rfc2898DeriveBytes.Pbkdf2(Encoding.UTF8.GetBytes(password), salt, 600000, HashAlgorithmName.SHA256, 32);
                 }
             """),
        TestReferences.Net100);

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

    // ---- Multi-targeted projects: the one-shot APIs are .NET 6+ ----

    [Fact]
    public Task Other_legs_keep_the_stream_pipeline_behind_if() => Test(
            Wrap("""
                     public static byte[] Encrypt(byte[] key, byte[] data)
                     {
                         using (var aes = Aes.Create())
                         {
                             aes.Key = key;
                             using (var ms = new MemoryStream())
                             using (var cs = [|new CryptoStream(ms, aes.CreateEncryptor(), CryptoStreamMode.Write)|])
                             {
                                 cs.Write(data, 0, data.Length);
                                 cs.FlushFinalBlock();
                                 return ms.ToArray();
                             }
                         }
                     }

                     public static byte[] Derive(string password, byte[] salt)
                     {
                         using (var kdf = [|new Rfc2898DeriveBytes(password, salt, 10000)|])
                         {
                             return kdf.GetBytes(32);
                         }
                     }
                 """),
            Wrap("""
                     public static byte[] Encrypt(byte[] key, byte[] data)
                     {
                         using (var aes = Aes.Create())
                         {
                             aes.Key = key;
                 #if NET6_0_OR_GREATER
                             return aes.EncryptCbc(data, aes.IV, PaddingMode.PKCS7);
                 #else
                             using (var ms = new MemoryStream())
                             using (var cs = new CryptoStream(ms, aes.CreateEncryptor(), CryptoStreamMode.Write))
                             {
                                 cs.Write(data, 0, data.Length);
                                 cs.FlushFinalBlock();
                                 return ms.ToArray();
                             }
                 #endif
                         }
                     }

                     public static byte[] Derive(string password, byte[] salt)
                     {
                 #if NET6_0_OR_GREATER
                         return Rfc2898DeriveBytes.Pbkdf2(Encoding.UTF8.GetBytes(password), salt, 10000, HashAlgorithmName.SHA1, 32);
                 #else
                         using (var kdf = new Rfc2898DeriveBytes(password, salt, 10000))
                         {
                             return kdf.GetBytes(32);
                         }
                 #endif
                     }
                 """),
            TestReferences.Net100)
        .WithTargetFrameworks("netstandard2.0;net472;net10.0", current: "net10.0")
        .RunAsync();

    [Fact]
    public Task Legs_that_all_have_the_api_get_the_plain_fix() => Test(
            Wrap("""
                     public static byte[] Derive(string password, byte[] salt)
                     {
                         using (var kdf = [|new Rfc2898DeriveBytes(password, salt, 10000, HashAlgorithmName.SHA256)|])
                         {
                             return kdf.GetBytes(32);
                         }
                     }
                 """),
            Wrap("""
                     public static byte[] Derive(string password, byte[] salt)
                     {
                         return Rfc2898DeriveBytes.Pbkdf2(Encoding.UTF8.GetBytes(password), salt, 10000, HashAlgorithmName.SHA256, 32);
                     }
                 """),
            TestReferences.Net100)
        .WithTargetFrameworks("net8.0;net10.0", current: "net10.0")
        .RunAsync();

    [Fact]
    public Task All_legs_option_reports_only_where_every_leg_can_take_the_fix()
    {
        var test = Test(
                Wrap("""
                         public static byte[] Derive(string password, byte[] salt)
                         {
                             using (var kdf = new Rfc2898DeriveBytes(password, salt, 10000))
                             {
                                 return kdf.GetBytes(32);
                             }
                         }
                     """),
                references: TestReferences.Net100)
            .WithTargetFrameworks("netstandard2.0;net10.0", current: "net10.0");
        test.Options["perf_analyzers.PERF020.multi_targeting"] = "all_legs";
        return test.RunAsync();
    }

    // ---- Must not flag ----

    private const string Pipeline = """
                    using (var ms = new MemoryStream())
                    using (var cs = new CryptoStream(ms, aes.CreateEncryptor(), CryptoStreamMode.Write))
                    {
                        cs.Write(data, 0, data.Length);
                        cs.FlushFinalBlock();
                        return ms.ToArray();
                    }
        """;

    [Fact]
    public Task Mode_or_padding_not_known_is_not_flagged() => Verify(Wrap($$"""
            static CipherMode _mode = CipherMode.ECB;

            public static byte[] ModeVariable(byte[] data, CipherMode mode)
            {
                using (var aes = Aes.Create())
                {
                    aes.Mode = mode;
        {{Pipeline}}
                }
            }

            public static byte[] PaddingVariable(byte[] data, bool zeros)
            {
                using (var aes = Aes.Create())
                {
                    aes.Padding = zeros ? PaddingMode.Zeros : PaddingMode.PKCS7;
        {{Pipeline}}
                }
            }

            public static byte[] ModeFromField(byte[] data)
            {
                using (var aes = Aes.Create())
                {
                    aes.Mode = _mode;
        {{Pipeline}}
                }
            }

            public static byte[] ModeSetConditionally(byte[] data, bool ecb)
            {
                using (var aes = Aes.Create())
                {
                    if (ecb)
                    {
                        aes.Mode = CipherMode.ECB;
                    }

        {{Pipeline}}
                }
            }

            public static byte[] ModeSetAfterwardsInALoop(byte[][] blocks)
            {
                var aes = Aes.Create();
                byte[] last = null;
                foreach (var data in blocks)
                {
                    last = aes.CreateEncryptor().TransformFinalBlock(data, 0, data.Length);
                    aes.Mode = CipherMode.ECB;
                }

                return last;
            }

            public static byte[] NoOneShotForOfb(byte[] data)
            {
                using (var aes = Aes.Create())
                {
                    aes.Mode = CipherMode.OFB;
        {{Pipeline}}
                }
            }

            public static byte[] NoOneShotForCts(byte[] data)
            {
                using (var aes = Aes.Create())
                {
                    aes.Mode = CipherMode.CTS;
        {{Pipeline}}
                }
            }

            public static byte[] Parameter(SymmetricAlgorithm aes, byte[] data)
            {
        {{Pipeline}}
            }

            static Aes _aes = Aes.Create();

            public static byte[] Field(byte[] data)
            {
                var aes = _aes;
        {{Pipeline}}
            }

            public static byte[] Passed(byte[] data)
            {
                using (var aes = Aes.Create())
                {
                    Configure(aes);
        {{Pipeline}}
                }
            }

            static void Configure(SymmetricAlgorithm a) => a.Mode = CipherMode.ECB;

            public static byte[] ManagedClass(byte[] data)
            {
        #pragma warning disable SYSLIB0021 // obsolete from .NET 6
                using (var aes = new AesManaged())
        #pragma warning restore SYSLIB0021
                {
        {{Pipeline}}
                }
            }

            public static byte[] Captured(byte[] data)
            {
                using (var aes = Aes.Create())
                {
                    Action later = () => aes.Mode = CipherMode.ECB;
                    later();
        {{Pipeline}}
                }
            }
        """));

    [Fact]
    public Task Other_pipelines_are_not_flagged() => Verify(Wrap("""
            public static byte[] SeveralWrites(byte[] header, byte[] data)
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

            public static byte[] TransformReused(byte[] a, byte[] b)
            {
                using (var aes = Aes.Create())
                using (var transform = aes.CreateEncryptor())
                {
                    var first = transform.TransformFinalBlock(a, 0, a.Length);
                    using (var ms = new MemoryStream())
                    using (var cs = new CryptoStream(ms, transform, CryptoStreamMode.Write))
                    {
                        cs.Write(b, 0, b.Length);
                        cs.FlushFinalBlock();
                        return ms.ToArray();
                    }
                }
            }

            public static void StreamingSource(Stream input, Stream output)
            {
                using (var aes = Aes.Create())
                using (var cs = new CryptoStream(output, aes.CreateEncryptor(), CryptoStreamMode.Write))
                {
                    input.CopyTo(cs);
                    cs.FlushFinalBlock();
                }
            }

            public static byte[] FileDestination(string path, byte[] data)
            {
                using (var aes = Aes.Create())
                using (var file = File.Create(path))
                using (var cs = new CryptoStream(file, aes.CreateEncryptor(), CryptoStreamMode.Write))
                {
                    cs.Write(data, 0, data.Length);
                    cs.FlushFinalBlock();
                    return aes.IV;
                }
            }

            public static byte[] ReadMode(byte[] cipher)
            {
                using (var aes = Aes.Create())
                using (var ms = new MemoryStream(cipher))
                using (var cs = new CryptoStream(ms, aes.CreateDecryptor(), CryptoStreamMode.Read))
                using (var result = new MemoryStream())
                {
                    cs.CopyTo(result);
                    return result.ToArray();
                }
            }

            public static byte[] ExplicitKeyAndIv(byte[] key, byte[] iv, byte[] data)
            {
                using (var aes = Aes.Create())
                using (var ms = new MemoryStream())
                using (var cs = new CryptoStream(ms, aes.CreateEncryptor(key, iv), CryptoStreamMode.Write))
                {
                    cs.Write(data, 0, data.Length);
                    cs.FlushFinalBlock();
                    return ms.ToArray();
                }
            }

            public static byte[] PartOfTheBuffer(byte[] data)
            {
                using (var aes = Aes.Create())
                using (var ms = new MemoryStream())
                using (var cs = new CryptoStream(ms, aes.CreateEncryptor(), CryptoStreamMode.Write))
                {
                    cs.Write(data, 1, data.Length - 1);
                    cs.FlushFinalBlock();
                    return ms.ToArray();
                }
            }

            public static byte[] MemoryStreamUsedAgain(byte[] data, out long length)
            {
                using (var aes = Aes.Create())
                {
                    var ms = new MemoryStream();
                    var cs = new CryptoStream(ms, aes.CreateEncryptor(), CryptoStreamMode.Write);
                    cs.Write(data, 0, data.Length);
                    cs.FlushFinalBlock();
                    length = ms.Length;
                    return ms.ToArray();
                }
            }

            public static byte[] PrefilledMemoryStream(byte[] header, byte[] data)
            {
                using (var aes = Aes.Create())
                using (var ms = new MemoryStream(header))
                using (var cs = new CryptoStream(ms, aes.CreateEncryptor(), CryptoStreamMode.Write))
                {
                    cs.Write(data, 0, data.Length);
                    cs.FlushFinalBlock();
                    return ms.ToArray();
                }
            }

            public static byte[] FlushedByDispose(byte[] data)
            {
                using (var aes = Aes.Create())
                using (var ms = new MemoryStream())
                {
                    using (var cs = new CryptoStream(ms, aes.CreateEncryptor(), CryptoStreamMode.Write))
                    {
                        cs.Write(data, 0, data.Length);
                    }

                    return ms.ToArray();
                }
            }

            static byte[] Next() => new byte[16];

            public static byte[] DataWithSideEffects()
            {
                using (var aes = Aes.Create())
                {
                    return aes.CreateEncryptor().TransformFinalBlock(Next(), 0, 16);
                }
            }

            public static byte[] OtherTransform(ICryptoTransform transform, byte[] data) =>
                transform.TransformFinalBlock(data, 0, data.Length);
        """));

    [Fact]
    public Task Derivations_that_are_not_one_shot_are_not_flagged() => Verify(Wrap("""
            public static (byte[], byte[]) TwoCalls(string password, byte[] salt)
            {
                using (var kdf = new Rfc2898DeriveBytes(password, salt, 10000, HashAlgorithmName.SHA256))
                {
                    var key = kdf.GetBytes(32);
                    var iv = kdf.GetBytes(16);
                    return (key, iv);
                }
            }

            public static byte[] RandomSalt(string password, out byte[] salt)
            {
                using (var kdf = new Rfc2898DeriveBytes(password, 16, 10000, HashAlgorithmName.SHA256))
                {
                    salt = kdf.Salt;
                    return kdf.GetBytes(32);
                }
            }

            public static byte[] PropertyRead(string password, byte[] salt, out int iterations)
            {
                var kdf = new Rfc2898DeriveBytes(password, salt, 10000, HashAlgorithmName.SHA256);
                iterations = kdf.IterationCount;
                return kdf.GetBytes(32);
            }

            public static byte[] IterationsChanged(string password, byte[] salt)
            {
                var kdf = new Rfc2898DeriveBytes(password, salt, 10000, HashAlgorithmName.SHA256);
                kdf.IterationCount = 20000;
                return kdf.GetBytes(32);
            }

            // Reordered named arguments, one with a side effect: the one-shot call would evaluate them in another order.
            public static byte[] NamedArgumentsWithASideEffect(string password, byte[] salt)
            {
                using (var kdf = new Rfc2898DeriveBytes(salt: Logged(salt), password: password, iterations: 10000, hashAlgorithm: HashAlgorithmName.SHA256))
                {
                    return kdf.GetBytes(32);
                }
            }

            static byte[] Logged(byte[] salt) { Console.WriteLine(salt.Length); return salt; }

            static int _length = 32;
            static int Length() => _length++;

            public static byte[] LengthWithSideEffects(string password, byte[] salt)
            {
                using (var kdf = new Rfc2898DeriveBytes(password, salt, 10000, HashAlgorithmName.SHA256))
                {
                    return kdf.GetBytes(Length());
                }
            }

            public static byte[] Returned(string password, byte[] salt, out DeriveBytes kdf)
            {
                kdf = new Rfc2898DeriveBytes(password, salt, 10000, HashAlgorithmName.SHA256);
                return kdf.GetBytes(32);
            }

            public static byte[] NotTheNextStatement(string password, byte[] salt)
            {
                var kdf = new Rfc2898DeriveBytes(password, salt, 10000, HashAlgorithmName.SHA256);
                salt[0]++;
                return kdf.GetBytes(32);
            }

            public static byte[] InsideAnExpression(string password, byte[] salt)
            {
                var kdf = new Rfc2898DeriveBytes(password, salt, 10000, HashAlgorithmName.SHA256);
                return Concat(salt, kdf.GetBytes(32));
            }

            static byte[] Concat(byte[] a, byte[] b) => a;
        """));

    [Theory]
    [InlineData(TestReferences.Net472)]
    [InlineData(TestReferences.NetStandard20)]
    public Task Targets_without_the_one_shot_apis_are_silent(TestReferences references) => Languages.At(LanguageVersion.CSharp7_3, () => Verify(Wrap("""
            public static byte[] Encrypt(byte[] data)
            {
                using (var aes = Aes.Create())
                using (var ms = new MemoryStream())
                using (var cs = new CryptoStream(ms, aes.CreateEncryptor(), CryptoStreamMode.Write))
                {
                    cs.Write(data, 0, data.Length);
                    cs.FlushFinalBlock();
                    return ms.ToArray();
                }
            }

            public static byte[] Transform(byte[] data)
            {
                using (var aes = Aes.Create())
                {
                    return aes.CreateEncryptor().TransformFinalBlock(data, 0, data.Length);
                }
            }

            public static byte[] Derive(string password, byte[] salt)
            {
                using (var kdf = new Rfc2898DeriveBytes(password, salt, 10000))
                {
                    return kdf.GetBytes(32);
                }
            }
        """), references: references));

    [Fact]
    public Task Cold_code_is_not_flagged_unless_asked()
    {
        const string Source = """
            static readonly byte[] Key = Derive("static", new byte[8]);

            static byte[] Derive(string password, byte[] salt) => new byte[32];

            public static byte[] Check(string password, byte[] salt)
            {
                try
                {
                    return new byte[1];
                }
                catch (Exception)
                {
                    using (var kdf = {|#0:new Rfc2898DeriveBytes(password, salt, 10000, HashAlgorithmName.SHA256)|})
                    {
                        return kdf.GetBytes(32);
                    }
                }
            }
            """;
        var silent = Test(Wrap(Source.Replace("{|#0:", string.Empty, StringComparison.Ordinal).Replace("|})", ")", StringComparison.Ordinal)));
        var reported = Test(Wrap(Source.Replace("{|#0:", "[|", StringComparison.Ordinal).Replace("|})", "|])", StringComparison.Ordinal)));
        reported.Options["perf_analyzers.PERF020.cold_paths"] = "report";
        return Task.WhenAll(silent.RunAsync(), reported.RunAsync());
    }

    [Fact]
    public Task Generated_code_is_not_flagged()
    {
        var test = Test(Wrap("""
                public static byte[] Derive(string password, byte[] salt)
                {
                    using (var kdf = new Rfc2898DeriveBytes(password, salt, 10000, HashAlgorithmName.SHA256))
                    {
                        return kdf.GetBytes(32);
                    }
                }
            """));
        test.FileNames.Add("Keys.g.cs");
        return test.RunAsync();
    }

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

    [Fact]
    public Task Broken_code_does_not_crash() => new RuleTest<PERF020UseOneShotCryptographyAnalyzer, PERF020UseOneShotCryptographyCodeFix>
    {
        Sources =
        {
            Wrap("""
                public static byte[] Encrypt(byte[] data)
                {
                    using (var aes = Aes.Create())
                    using (var ms = new MemoryStream())
                    using (var cs = new CryptoStream(ms, aes.CreateEncryptor(, CryptoStreamMode.Write))
                    {
                        cs.Write(data, 0, );
                        cs.FlushFinalBlock(
                        return ms.ToArray();
                    }
                }

                public static byte[] Derive(string password, byte[] salt)
                {
                    using (var kdf = new Rfc2898DeriveBytes(password, salt, ))
                        return kdf.GetBytes();
                }
                """),
        },
        AllowCompilerErrors = true,
    }.RunAsync();

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

    /// <summary>
    /// The catalog's canonical pipeline as most code writes it: <c>using (var cs = ...) { cs.Write(...);
    /// cs.FlushFinalBlock(); }</c>, then <c>return ms.ToArray();</c> after the block (with using declarations, and with
    /// nested <c>using</c> statements as C# 7.3 code has them).
    /// </summary>
    private const string UsingBlockBodies = """
            public static byte[] EncryptDeclared(byte[] key, byte[] iv, byte[] data)
            {
                using var aes = Aes.Create();
                aes.Key = key;
                aes.IV = iv;
                using var transform = aes.CreateEncryptor();
                using var ms = new MemoryStream();
                using (var cs = [|new CryptoStream(ms, transform, CryptoStreamMode.Write)|])
                {
                    cs.Write(data, 0, data.Length);
                    cs.FlushFinalBlock();
                }

                return ms.ToArray();
            }

        """;

    private const string UsingBlockStatements = """
            public static byte[] EncryptNested(byte[] key, byte[] iv, byte[] data)
            {
                using (var aes = Aes.Create())
                {
                    aes.Key = key;
                    aes.IV = iv;
                    using (var transform = aes.CreateEncryptor())
                    using (var ms = new MemoryStream())
                    {
                        using (var cs = [|new CryptoStream(ms, transform, CryptoStreamMode.Write)|])
                        {
                            cs.Write(data, 0, data.Length);
                            cs.FlushFinalBlock();
                        }

                        return ms.ToArray();
                    }
                }
            }
        """;

    private const string UsingBlockBodiesFixed = """
            public static byte[] EncryptDeclared(byte[] key, byte[] iv, byte[] data)
            {
                using var aes = Aes.Create();
                aes.Key = key;
                aes.IV = iv;
                return aes.EncryptCbc(data, aes.IV, PaddingMode.PKCS7);
            }

        """;

    private const string UsingBlockStatementsFixed = """
            public static byte[] EncryptNested(byte[] key, byte[] iv, byte[] data)
            {
                using (var aes = Aes.Create())
                {
                    aes.Key = key;
                    aes.IV = iv;
                    return aes.EncryptCbc(data, aes.IV, PaddingMode.PKCS7);
                }
            }
        """;

    [Fact]
    public Task The_canonical_pipeline_with_the_return_after_the_using_block() =>
        Verify(Wrap(UsingBlockBodies + UsingBlockStatements), Wrap(UsingBlockBodiesFixed + UsingBlockStatementsFixed));

    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task Nested_using_statements_at_each_language_version(LanguageVersion version) =>
        Languages.At(version, () => Verify(Wrap(UsingBlockStatements), Wrap(UsingBlockStatementsFixed)));

    /// <summary>The canonical pipeline's before and after code run side by side: the same ciphertext for every length.</summary>
    [Fact]
    public void The_canonical_pipeline_and_its_fix_compute_the_same_bytes()
    {
        using var before = LoadedCode.Compile(StripMarkup(Wrap(UsingBlockBodies + UsingBlockStatements)));
        using var after = LoadedCode.Compile(Wrap(UsingBlockBodiesFixed + UsingBlockStatementsFixed));
        var random = new Random(22);
        foreach (var length in new[] { 0, 1, 15, 16, 17, 100, 1024 })
        {
            var key = Bytes(random, 32);
            var iv = Bytes(random, 16);
            var data = Bytes(random, length);
            foreach (var method in new[] { "EncryptDeclared", "EncryptNested" })
            {
                Assert.Equal(Outcome(before, method, key, iv, data), Outcome(after, method, key, iv, data));
            }
        }
    }

    private const string NamedDerivation = """
            public static byte[] Named(byte[] password, byte[] salt)
            {
                using (var kdf = [|new Rfc2898DeriveBytes(salt: salt, password: password, iterations: 10000, hashAlgorithm: HashAlgorithmName.SHA256)|])
                {
                    return kdf.GetBytes(32);
                }
            }

            public static byte[] NamedInOrder(byte[] password, byte[] salt)
            {
                using (var kdf = [|new Rfc2898DeriveBytes(password, salt, iterations: 5000)|])
                {
                    return kdf.GetBytes(16);
                }
            }
        """;

    private const string NamedDerivationFixed = """
            public static byte[] Named(byte[] password, byte[] salt)
            {
                return Rfc2898DeriveBytes.Pbkdf2(password, salt, 10000, HashAlgorithmName.SHA256, 32);
            }

            public static byte[] NamedInOrder(byte[] password, byte[] salt)
            {
                return Rfc2898DeriveBytes.Pbkdf2(password, salt, 5000, HashAlgorithmName.SHA1, 16);
            }
        """;

    /// <summary>Named arguments, in order or reordered (free of side effects): the one-shot call takes them by position.</summary>
    [Fact]
    public Task Named_arguments_to_the_derivation_become_positional() => Verify(Wrap(NamedDerivation), Wrap(NamedDerivationFixed), TestReferences.Net80);

    [Fact]
    public void Named_arguments_and_their_fix_derive_the_same_bytes()
    {
        using var before = LoadedCode.Compile(StripMarkup(Wrap(NamedDerivation)));
        using var after = LoadedCode.Compile(Wrap(NamedDerivationFixed));
        var random = new Random(26);
        var password = Bytes(random, 12);
        var salt = Bytes(random, 16);
        Assert.Equal(Outcome(before, "Named", password, salt), Outcome(after, "Named", password, salt));
        Assert.Equal(Outcome(before, "NamedInOrder", password, salt), Outcome(after, "NamedInOrder", password, salt));
    }

    /// <summary>The other algorithms whose <c>Create()</c> returns an implementation with the one-shot methods.</summary>
    private const string OtherAlgorithms = """
            public static byte[] TripleDes(byte[] key, byte[] iv, byte[] data)
            {
                using (var alg = TripleDES.Create())
                {
                    alg.Key = key;
                    alg.IV = iv;
                    using (var ms = new MemoryStream())
                    using (var cs = [|new CryptoStream(ms, alg.CreateEncryptor(), CryptoStreamMode.Write)|])
                    {
                        cs.Write(data, 0, data.Length);
                        cs.FlushFinalBlock();
                        return ms.ToArray();
                    }
                }
            }

            public static byte[] DesEcb(byte[] key, byte[] iv, byte[] data)
            {
                using (var alg = DES.Create())
                {
                    alg.Key = key;
                    alg.Mode = CipherMode.ECB;
                    return [|alg.CreateEncryptor().TransformFinalBlock(data, 0, data.Length)|];
                }
            }
        """;

    private const string OtherAlgorithmsFixed = """
            public static byte[] TripleDes(byte[] key, byte[] iv, byte[] data)
            {
                using (var alg = TripleDES.Create())
                {
                    alg.Key = key;
                    alg.IV = iv;
                    return alg.EncryptCbc(data, alg.IV, PaddingMode.PKCS7);
                }
            }

            public static byte[] DesEcb(byte[] key, byte[] iv, byte[] data)
            {
                using (var alg = DES.Create())
                {
                    alg.Key = key;
                    alg.Mode = CipherMode.ECB;
                    return alg.EncryptEcb(data, PaddingMode.PKCS7);
                }
            }
        """;

    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task TripleDES_and_DES_factories_have_the_one_shot_calls_too(LanguageVersion version) =>
        Languages.At(version, () => Verify(Wrap(OtherAlgorithms), Wrap(OtherAlgorithmsFixed)));

    [Fact]
    public void TripleDES_and_DES_and_their_fix_compute_the_same_bytes()
    {
        using var before = LoadedCode.Compile(StripMarkup(Wrap(OtherAlgorithms)));
        using var after = LoadedCode.Compile(Wrap(OtherAlgorithmsFixed));
        var random = new Random(25);
        foreach (var length in new[] { 0, 1, 8, 9, 100 })
        {
            var data = Bytes(random, length);
            var key24 = Bytes(random, 24);
            var key8 = Bytes(random, 8);
            var iv = Bytes(random, 8);
            Assert.Equal(Outcome(before, "TripleDes", key24, iv, data), Outcome(after, "TripleDes", key24, iv, data));
            Assert.Equal(Outcome(before, "DesEcb", key8, iv, data), Outcome(after, "DesEcb", key8, iv, data));
            Assert.NotNull(Outcome(after, "TripleDes", key24, iv, data).Bytes);
        }
    }

    /// <summary><c>cs.Write(span)</c> with a span parameter, and <c>cs.Write(data.AsSpan())</c>: the one-shot methods take the same span.</summary>
    private const string SpanWrites = """
            public static byte[] EncryptSpan(byte[] key, byte[] iv, ReadOnlySpan<byte> data)
            {
                using var aes = Aes.Create();
                aes.Key = key;
                aes.IV = iv;
                using var ms = new MemoryStream();
                using var cs = [|new CryptoStream(ms, aes.CreateEncryptor(), CryptoStreamMode.Write)|];
                cs.Write(data);
                cs.FlushFinalBlock();
                return ms.ToArray();
            }

            public static byte[] DecryptAsSpan(byte[] key, byte[] iv, byte[] data)
            {
                using var aes = Aes.Create();
                aes.Key = key;
                aes.IV = iv;
                using var ms = new MemoryStream();
                using var cs = [|new CryptoStream(ms, aes.CreateDecryptor(), CryptoStreamMode.Write)|];
                cs.Write(data.AsSpan());
                cs.FlushFinalBlock();
                return ms.ToArray();
            }
        """;

    private const string SpanWritesFixed = """
            public static byte[] EncryptSpan(byte[] key, byte[] iv, ReadOnlySpan<byte> data)
            {
                using var aes = Aes.Create();
                aes.Key = key;
                aes.IV = iv;
                return aes.EncryptCbc(data, aes.IV, PaddingMode.PKCS7);
            }

            public static byte[] DecryptAsSpan(byte[] key, byte[] iv, byte[] data)
            {
                using var aes = Aes.Create();
                aes.Key = key;
                aes.IV = iv;
                return data.AsSpan().Length == 0 ? Array.Empty<byte>() : aes.DecryptCbc(data.AsSpan(), aes.IV, PaddingMode.PKCS7);
            }
        """;

    [Fact]
    public Task Writes_of_a_span_become_the_span_one_shot_calls() => Verify(Wrap(SpanWrites), Wrap(SpanWritesFixed));

    [Fact]
    public void Span_writes_and_their_fix_compute_the_same_bytes()
    {
        using var before = LoadedCode.Compile(StripMarkup(Wrap(SpanWrites.Replace("ReadOnlySpan<byte> data", "byte[] data"))));
        using var after = LoadedCode.Compile(Wrap(SpanWritesFixed.Replace("ReadOnlySpan<byte> data", "byte[] data")));
        var random = new Random(24);
        foreach (var length in new[] { 0, 1, 16, 17, 100 })
        {
            var key = Bytes(random, 32);
            var iv = Bytes(random, 16);
            var data = Bytes(random, length);
            Assert.Equal(Outcome(before, "EncryptSpan", key, iv, data), Outcome(after, "EncryptSpan", key, iv, data));
            var ciphertext = (byte[])after.Invoke("EncryptSpan", key, iv, data)!;
            Assert.Equal(Outcome(before, "DecryptAsSpan", key, iv, ciphertext), Outcome(after, "DecryptAsSpan", key, iv, ciphertext));
        }
    }

    /// <summary><c>TransformFinalBlock</c> on a transform local declared by the statement right before, used only there.</summary>
    private const string TransformLocal = """
            public static byte[] EncryptLocal(byte[] key, byte[] iv, byte[] data)
            {
                using (var aes = Aes.Create())
                {
                    aes.Key = key;
                    aes.IV = iv;
                    var transform = aes.CreateEncryptor();
                    return [|transform.TransformFinalBlock(data, 0, data.Length)|];
                }
            }

            public static byte[] DecryptEcbLocal(byte[] key, byte[] iv, byte[] data)
            {
                using (var aes = Aes.Create())
                {
                    aes.Key = key;
                    aes.Mode = CipherMode.ECB;
                    ICryptoTransform decryptor = aes.CreateDecryptor();
                    var plain = [|decryptor.TransformFinalBlock(data, 0, data.Length)|];
                    return plain;
                }
            }
        """;

    private const string TransformLocalFixed = """
            public static byte[] EncryptLocal(byte[] key, byte[] iv, byte[] data)
            {
                using (var aes = Aes.Create())
                {
                    aes.Key = key;
                    aes.IV = iv;
                    return aes.EncryptCbc(data, aes.IV, PaddingMode.PKCS7);
                }
            }

            public static byte[] DecryptEcbLocal(byte[] key, byte[] iv, byte[] data)
            {
                using (var aes = Aes.Create())
                {
                    aes.Key = key;
                    aes.Mode = CipherMode.ECB;
                    var plain = data.Length == 0 ? Array.Empty<byte>() : aes.DecryptEcb(data, PaddingMode.PKCS7);
                    return plain;
                }
            }
        """;

    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task TransformFinalBlock_on_a_transform_local(LanguageVersion version) =>
        Languages.At(version, () => Verify(Wrap(TransformLocal), Wrap(TransformLocalFixed)));

    /// <summary>Between the transform's creation and its use the algorithm may change (the transform keeps the old IV), or the transform is used twice: left alone.</summary>
    [Fact]
    public Task A_transform_local_not_used_right_away_or_used_twice_is_not_flagged() => Verify(Wrap("""
            public static byte[] Changed(byte[] key, byte[] iv, byte[] other, byte[] data)
            {
                using var aes = Aes.Create();
                aes.Key = key;
                aes.IV = iv;
                using var transform = aes.CreateEncryptor();
                aes.IV = other;
                return transform.TransformFinalBlock(data, 0, data.Length);
            }

            public static byte[] Twice(byte[] key, byte[] data)
            {
                using var aes = Aes.Create();
                aes.Key = key;
                using var transform = aes.CreateEncryptor();
                var first = transform.TransformFinalBlock(data, 0, data.Length);
                return transform.TransformFinalBlock(first, 0, first.Length);
            }
        """));

    [Fact]
    public void A_transform_local_and_its_fix_compute_the_same_bytes()
    {
        using var before = LoadedCode.Compile(StripMarkup(Wrap(TransformLocal)));
        using var after = LoadedCode.Compile(Wrap(TransformLocalFixed));
        var random = new Random(23);
        foreach (var length in new[] { 0, 1, 16, 17, 100 })
        {
            var key = Bytes(random, 32);
            var iv = Bytes(random, 16);
            var data = Bytes(random, length);
            Assert.Equal(Outcome(before, "EncryptLocal", key, iv, data), Outcome(after, "EncryptLocal", key, iv, data));
            var blocks = Bytes(random, 32);
            Assert.Equal(Outcome(before, "DecryptEcbLocal", key, iv, blocks), Outcome(after, "DecryptEcbLocal", key, iv, blocks));
        }
    }

    /// <summary>The fix turns <see cref="UsingDeclarationsBefore"/> into <see cref="UsingDeclarationsAfter"/>, the pair run above.</summary>
    [Fact]
    public Task The_run_pair_is_the_fix_output() => Verify(UsingDeclarationsBefore, UsingDeclarationsAfter);

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
