using System.IO;

namespace Cases
{
    public static class PERF011Cases
    {
        // A small buffer that only goes to methods with span overloads: flagged where Span<T> exists.
        public static int Copy(Stream source)
        {
            var buffer = new byte[64]; //~ PERF011[net10.0]
            return source.Read(buffer, 0, buffer.Length);
        }

        // Must not flag: a buffer that an inactive #if branch uses (there as an array: the shared fix would break it).
        public static int CopyOrKeep(Stream source)
        {
            var buffer = new byte[32];
#if DEBUG_BUFFERS
            Keep(buffer);
#endif
            return source.Read(buffer, 0, buffer.Length);
        }

        private static void Keep(byte[] kept) { }

        // Must not flag: a buffer that escapes, or one too large for the stack.
        public static byte[] Returned() { var b = new byte[16]; return b; }
        public static int Large(Stream source) { var b = new byte[100000]; return source.Read(b, 0, b.Length); }
    }
}
