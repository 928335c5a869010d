using System;
using System.Linq;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis.CSharp;
using PerfAnalyzers.Tests.Infrastructure;
using Xunit;

namespace PerfAnalyzers.Tests;

public partial class PERF020UseOneShotCryptographyTests
{
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
}
