// The real server as a child process (`Process`), which macOS and Linux have and iOS does not.
#if os(macOS) || os(Linux)
    import Foundation

    /// Starts the real server on a free loopback port (the binary run.sh builds, passed in
    /// CHINESE_CHECKERS_SERVER_BIN); returns its WebSocket URL. `started` gets the process as
    /// soon as it runs (to stop it in `tearDown`, also when it then fails to start).
    func startTestServer(_ started: (Process) -> Void) throws -> URL {
        let bin = ProcessInfo.processInfo.environment["CHINESE_CHECKERS_SERVER_BIN"] ?? ""
        guard FileManager.default.isExecutableFile(atPath: bin) else {
            throw TestError("server binary not found: '\(bin)' (run tests/swift/run.sh)")
        }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: bin)
        p.arguments = ["--bind", "127.0.0.1:0", "--memory"]
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        started(p)

        // Read the first line on another thread (bounded wait), then keep draining stdout so the
        // pipe never fills.
        let firstLine = DispatchSemaphore(value: 0)
        let box = Box<String>()
        let reader = out.fileHandleForReading
        DispatchQueue.global().async {
            var buf = Data()
            var signalled = false
            while true {
                let chunk = reader.availableData
                if chunk.isEmpty { break }  // EOF
                if !signalled {
                    buf.append(chunk)
                    if let nl = buf.firstIndex(of: UInt8(ascii: "\n")) {
                        box.set(String(decoding: buf[buf.startIndex..<nl], as: UTF8.self))
                        signalled = true
                        firstLine.signal()
                    }
                }
            }
            if !signalled { firstLine.signal() }
        }
        guard firstLine.wait(timeout: .now() + 20) == .success, let line = box.get() else {
            throw TestError("the server did not start within 20 s")
        }
        let prefix = "listening on "
        guard line.hasPrefix(prefix) else {
            throw TestError("unexpected server output: \(line)")
        }
        let addr = line.dropFirst(prefix.count).trimmingCharacters(in: .whitespaces)
        guard addr.hasPrefix("127.0.0.1:"), let url = URL(string: "ws://\(addr)/ws") else {
            throw TestError("not a loopback address: \(addr)")
        }
        return url
    }
#endif
