using System.Threading.Tasks;
using Microsoft.CodeAnalysis.CSharp;
using PerfAnalyzers.Tests.Infrastructure;
using Xunit;

namespace PerfAnalyzers.Tests;

/// <summary>#34: named and reordered arguments, const values, loop variants, lambdas and local functions.</summary>
public partial class PERF024CopyStreamsWithCopyToTests
{
    /// <summary>#34: named arguments, in order or reordered; a const size local; the loop in a local function or lambda.</summary>
    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task Named_arguments_const_sizes_and_local_functions(LanguageVersion version) => Languages.At(version, () => Verify(
        Wrap("""
                 void M(Stream input, Stream output)
                 {
                     var buffer = new byte[4096];
                     int read;
                     [|while|] ((read = input.Read(buffer: buffer, offset: 0, count: buffer.Length)) > 0)
                     {
                         output.Write(count: read, buffer: buffer, offset: 0);
                     }
                 }

                 void S(Stream input, Stream output)
                 {
                     var buffer = new byte[4096];
                     int read;
                     [|while|] ((read = input.Read(buffer)) > 0)
                         output.Write(buffer.AsSpan(length: read, start: 0));
                 }

                 void N(Stream input, Stream output)
                 {
                     const int size = 1024;
                     void Pump()
                     {
                         var chunk = new byte[size];
                         int n;
                         [|while|] ((n = input.Read(chunk, 0, size)) != 0) output.Write(chunk, 0, n);
                     }

                     Action pump = () =>
                     {
                         var chunk = new byte[size];
                         int n;
                         [|while|] ((n = input.Read(chunk, 0, chunk.Length)) > 0) output.Write(chunk, 0, n);
                     };
                     Pump();
                     pump();
                 }
             """),
        Wrap("""
                 void M(Stream input, Stream output)
                 {
                     input.CopyTo(output, 4096);
                 }

                 void S(Stream input, Stream output)
                 {
                     input.CopyTo(output, 4096);
                 }

                 void N(Stream input, Stream output)
                 {
                     const int size = 1024;
                     void Pump()
                     {
                         input.CopyTo(output, size);
                     }

                     Action pump = () =>
                     {
                         input.CopyTo(output, size);
                     };
                     Pump();
                     pump();
                 }
             """)));
}
