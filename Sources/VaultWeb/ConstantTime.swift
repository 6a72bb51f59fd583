/// Comparison of secrets (the server's token, the page's CSRF token) whose time does not
/// depend on where the texts first differ, so that a client cannot learn a token a byte
/// at a time from how long a refusal takes.
enum ConstantTime {
    /// True when `a` and `b` are the same bytes; the time depends only on their lengths.
    static func equal(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        var difference = UInt64(x.count ^ y.count)
        for index in 0..<max(x.count, y.count) {
            let left = index < x.count ? x[index] : 0
            let right = index < y.count ? y[index] : 0
            difference |= UInt64(left ^ right)
        }
        return difference == 0
    }
}
