import Foundation

#if canImport(Darwin)
    import Darwin
#endif

extension TamperSignal {
    /// ``debuggerAttached`` when a debugger is attached to this process now (MASVS-RESILIENCE):
    /// the kernel's `P_TRACED` flag on Apple platforms, `TracerPid` in `/proc/self/status` on
    /// Linux. A signal only: nothing is blocked or deleted because of it.
    public static func debuggerIfAttached() -> [TamperSignal] {
        isDebuggerAttached() ? [.debuggerAttached] : []
    }

    static func isDebuggerAttached() -> Bool {
        #if canImport(Darwin)
            var info = kinfo_proc()
            var size = MemoryLayout<kinfo_proc>.stride
            var name: [Int32] = [CTL_KERN, KERN_PROC, KERN_PROC_PID, getpid()]
            guard sysctl(&name, UInt32(name.count), &info, &size, nil, 0) == 0 else { return false }
            return info.kp_proc.p_flag & P_TRACED != 0
        #else
            guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return false }
            let tracer = status.split(separator: "\n").first { $0.hasPrefix("TracerPid:") }
            return tracer.map { $0.dropFirst("TracerPid:".count).trimmingCharacters(in: .whitespaces) != "0" } ?? false
        #endif
    }
}
