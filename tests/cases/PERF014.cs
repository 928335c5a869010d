namespace Cases
{
    public static class PERF014Cases
    {
        // Byte-by-byte integer reads and writes: flagged where BinaryPrimitives exists.
        public static int ReadLength(byte[] frame, int offset) =>
            (frame[offset] << 24) | (frame[offset + 1] << 16) | (frame[offset + 2] << 8) | frame[offset + 3]; //~ PERF014[net10.0]

        public static void WriteLength(byte[] frame, int value)
        {
            frame[0] = (byte)(value >> 24); //~ PERF014[net10.0]
            frame[1] = (byte)(value >> 16);
            frame[2] = (byte)(value >> 8);
            frame[3] = (byte)value;
        }

        // The BitConverter round trip with named, reordered arguments.
        public static int Swap(int x)
        {
            var bytes = System.BitConverter.GetBytes(value: x); //~ PERF014[net10.0]
            System.Array.Reverse(array: bytes);
            return System.BitConverter.ToInt32(startIndex: 0, value: bytes);
        }

        // A read that is one operand of a larger sum.
        public static int Checksum(byte[] b, int i, int sum) => sum + ((b[i] << 8) | b[i + 1]); //~ PERF014[net10.0]

        // Must not flag: bytes that are not consecutive.
        public static int Scattered(byte[] b) => (b[0] << 8) | b[2];
    }
}
