using System;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis.CSharp;
using PerfAnalyzers.CodeFixes.Crypto;
using PerfAnalyzers.Crypto;
using PerfAnalyzers.Tests.Infrastructure;
using Xunit;

namespace PerfAnalyzers.Tests;

public partial class PERF020UseOneShotCryptographyTests
{
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
}
