internal import CSystemShims
internal import Glibc

/// Runs a program to completion and hands back what it printed: git, for `vault log`,
/// `vault sync` and the server's History panel.
///
/// Foundation's `Process` waits for a child in 50 ms slices of a run loop: five git calls
/// cost `vault log` about 0.3 s of waiting for processes that had ended after 10 ms.
/// Here the child is spawned with posix_spawnp(3), both of its output pipes are drained
/// with poll(2) (so that neither fills while the other is read), and waitpid(2) returns
/// the moment it ends.
package enum CapturedProcess {
    /// What the child printed and how it ended.
    package struct Output: Sendable {
        /// The exit status, or 128 + the signal that killed it (as a shell reports it).
        package var status: Int32
        package var standardOutput: [UInt8]
        package var standardError: [UInt8]
    }

    /// Runs `program` (found on `PATH` when it has no `/`) with `arguments` (not counting
    /// `argv[0]`) and exactly `environment`; its standard input is the file at
    /// `inputFile`, else /dev/null. Throws only when it cannot be started or waited for.
    package static func run(_ program: String, _ arguments: [String], environment: [String: String],
                            inputFile: String? = nil) throws(SystemError) -> Output {
        let input = open(inputFile ?? "/dev/null", O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw SystemError(operation: "open \(inputFile ?? "/dev/null") for", code: errno) }
        defer { close(input) }
        let stdout = try pipeWithoutInheritance()
        let stderr: (read: Int32, write: Int32)
        do {
            stderr = try pipeWithoutInheritance()
        } catch {
            close(stdout.read)
            close(stdout.write)
            throw error
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input, 0)
        posix_spawn_file_actions_adddup2(&actions, stdout.write, 1)
        posix_spawn_file_actions_adddup2(&actions, stderr.write, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The child starts with the default action for the signals this process ignores
        // or handles (a server ignores SIGPIPE), and none blocked.
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGINT, SIGQUIT, SIGTERM] { sigaddset(&defaults, signal) }
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let argv = CStrings([program] + arguments)
        let envp = CStrings(environment.map { "\($0.key)=\($0.value)" })
        var pid: pid_t = 0
        let code = withExtendedLifetime((argv, envp)) {
            posix_spawnp(&pid, program, &actions, &attributes, argv.pointers, envp.pointers)
        }
        close(stdout.write)
        close(stderr.write)
        guard code == 0 else {
            close(stdout.read)
            close(stderr.read)
            throw SystemError(operation: "start \(program)", code: code)
        }
        let (printed, errors) = drain(stdout.read, stderr.read)
        close(stdout.read)
        close(stderr.read)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            if errno != EINTR { throw SystemError(operation: "wait for \(program)", code: errno) }
        }
        // WIFEXITED, WEXITSTATUS and WTERMSIG are macros Swift does not import.
        let signal = status & 0x7f
        return Output(status: signal == 0 ? (status >> 8) & 0xff : 128 + signal, standardOutput: printed, standardError: errors)
    }

    /// A pipe whose ends no other child inherits (another thread may be spawning too).
    private static func pipeWithoutInheritance() throws(SystemError) -> (read: Int32, write: Int32) {
        var descriptors: [Int32] = [0, 0]
        guard vault_pipe_cloexec(&descriptors) == 0 else { throw SystemError(operation: "make a pipe", code: errno) }
        return (descriptors[0], descriptors[1])
    }

    /// Everything written to `first` and `second` until both end, read as it comes.
    private static func drain(_ first: Int32, _ second: Int32) -> ([UInt8], [UInt8]) {
        var outputs: [[UInt8]] = [[], []]
        var watched = [pollfd(fd: first, events: Int16(POLLIN), revents: 0), pollfd(fd: second, events: Int16(POLLIN), revents: 0)]
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while watched.contains(where: { $0.fd >= 0 }) {
            guard poll(&watched, nfds_t(watched.count), -1) >= 0 else {
                if errno == EINTR { continue }
                break
            }
            for index in watched.indices where watched[index].fd >= 0 && watched[index].revents != 0 {
                let count = buffer.withUnsafeMutableBytes { read(watched[index].fd, $0.baseAddress, $0.count) }
                if count > 0 {
                    outputs[index].append(contentsOf: buffer[..<count])
                } else if count == 0 || errno != EINTR && errno != EAGAIN {
                    watched[index].fd = -1  // ended: poll skips a negative descriptor
                }
            }
        }
        return (outputs[0], outputs[1])
    }
}

/// C strings for `argv` and `envp`, freed with it.
private final class CStrings {
    let pointers: [UnsafeMutablePointer<CChar>?]

    init(_ strings: [String]) {
        pointers = strings.map { strdup($0) } + [nil]
    }

    deinit {
        for pointer in pointers { free(pointer) }
    }
}
