using System;
using System.IO;

namespace Cases
{
    [Flags]
    public enum Access { None = 0, Read = 1, Write = 2 }

    public static class PERF003Cases
    {
        // HasFlag boxes before .NET Core 2.1: flagged on netstandard2.0 only.
        public static bool CanRead(FileAccess access) => access.HasFlag(FileAccess.Read); //~ PERF003[netstandard2.0]
        public static bool CanWrite(Access access) => access.HasFlag(Access.Write); //~ PERF003[netstandard2.0]
        public static bool Named(FileAccess access) => access.HasFlag(flag: FileAccess.Write); //~ PERF003[netstandard2.0]

        // Must not flag: the flag is not a constant of the same enum.
        public static bool Dynamic(Access access, Enum flag) => access.HasFlag(flag);
    }
}
