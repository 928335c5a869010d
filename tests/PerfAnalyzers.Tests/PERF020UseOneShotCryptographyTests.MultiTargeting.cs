using System.Threading.Tasks;
using PerfAnalyzers.Tests.Infrastructure;
using Xunit;

namespace PerfAnalyzers.Tests;

public partial class PERF020UseOneShotCryptographyTests
{
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
}
