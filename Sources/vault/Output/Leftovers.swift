import Dispatch

/// Frees a command's large results on another thread while the command finishes.
///
/// `vault tasks` on 100,000 notes holds 450,000 tasks; freeing them one by one took 25 ms
/// after the last line was printed, with the process about to exit anyway (clang's
/// `-disable-free` makes the same trade). A command answered inside `vault serve` frees
/// them all the same, on the other thread.
enum Leftovers {
    static func release<each Value: Sendable>(_ values: repeat each Value) {
        let kept = (repeat each values)
        DispatchQueue.global().async { withExtendedLifetime(kept) {} }
    }
}
