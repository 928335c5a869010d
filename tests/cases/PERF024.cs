using System.IO;
using System.Threading;
using System.Threading.Tasks;

namespace Cases
{
    public static class PERF024Cases
    {
        // A read/write pump: CopyTo on every target.
        public static void Copy(Stream input, Stream output)
        {
            var buffer = new byte[81920];
            int read;
            while ((read = input.Read(buffer, 0, buffer.Length)) > 0) //~ PERF024
            {
                output.Write(buffer, 0, read);
            }
        }

        // Named arguments, reordered: the same pump.
        public static void Named(Stream input, Stream output)
        {
            var buffer = new byte[4096];
            int read;
            while ((read = input.Read(count: buffer.Length, buffer: buffer, offset: 0)) > 0) //~ PERF024
                output.Write(buffer: buffer, offset: 0, count: read);
        }

        // The awaited pump with one token: CopyToAsync (.NET Framework 4.5+, .NET Standard 2.0).
        public static async Task CopyAsync(Stream input, Stream output, CancellationToken token)
        {
            var buffer = new byte[4096];
            int read;
            while ((read = await input.ReadAsync(buffer, 0, buffer.Length, token).ConfigureAwait(false)) > 0) //~ PERF024
            {
                await output.WriteAsync(buffer, 0, read, token).ConfigureAwait(false);
            }
        }

        // Must not flag: the loop also counts, a smaller read than the buffer, two different tokens.
        public static long Counted(Stream input, Stream output)
        {
            var buffer = new byte[4096];
            long total = 0;
            int read;
            while ((read = input.Read(buffer, 0, buffer.Length)) > 0)
            {
                output.Write(buffer, 0, read);
                total += read;
            }

            return total;
        }

        public static void Partial(Stream input, Stream output)
        {
            var buffer = new byte[4096];
            int read;
            while ((read = input.Read(buffer, 0, 1024)) > 0)
            {
                output.Write(buffer, 0, read);
            }
        }

        public static async Task TwoTokens(Stream input, Stream output, CancellationToken a, CancellationToken b)
        {
            var buffer = new byte[4096];
            int read;
            while ((read = await input.ReadAsync(buffer, 0, buffer.Length, a)) > 0)
            {
                await output.WriteAsync(buffer, 0, read, b);
            }
        }
    }
}
