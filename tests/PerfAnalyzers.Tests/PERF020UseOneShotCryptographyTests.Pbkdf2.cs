using System;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis.CSharp;
using PerfAnalyzers.Tests.Infrastructure;
using Xunit;

namespace PerfAnalyzers.Tests;

public partial class PERF020UseOneShotCryptographyTests
{
    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task Rfc2898DeriveBytes_for_one_GetBytes_becomes_Pbkdf2(LanguageVersion version) =>
        Languages.At(version, () => Verify(Derivations(after: false), Derivations(after: true)));

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
}
