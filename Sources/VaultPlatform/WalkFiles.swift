/// The notes a walk listed, directory by directory: each directory's paths stay in the
/// array they were listed into. (Joined into one array, the paths of 100,000 notes were
/// copied and each retained, then released with the arrays they came from: 3 ms of every
/// scan, on one core.)
package struct WalkFiles: RandomAccessCollection, Sendable {
    /// The notes of one directory.
    package struct Run: Sendable {
        /// The directory's index in the walk's `directories` (-1: the root).
        package var directory: Int
        /// Where the names start in the paths: after the directory's path and `/`.
        package var nameStart: Int
        /// The position of the first path among all the walk's files.
        package var start: Int
        package var paths: [String]
    }

    /// The directories with notes, in walk order.
    package private(set) var runs: [Run] = []
    package private(set) var endIndex = 0
    package var startIndex: Int { 0 }

    package init() {}

    /// `paths` as the notes of the root.
    package init(_ paths: [String]) {
        append(paths, directory: -1, nameStart: 0)
    }

    package subscript(position: Int) -> String {
        let run = runs[self.run(containing: position)]
        return run.paths[position - run.start]
    }

    mutating func append(_ paths: [String], directory: Int, nameStart: Int) {
        guard !paths.isEmpty else { return }
        runs.append(Run(directory: directory, nameStart: nameStart, start: endIndex, paths: paths))
        endIndex += paths.count
    }

    /// Calls `body` with each file at `positions`: its position, its path, its directory's
    /// index and where its name starts in the path.
    package func forEach(at positions: Range<Int>, _ body: (_ position: Int, _ path: String, _ directory: Int, _ nameStart: Int) -> Void) {
        guard !positions.isEmpty else { return }
        var index = run(containing: positions.lowerBound)
        var position = positions.lowerBound
        while position < positions.upperBound, index < runs.count {
            let run = runs[index]
            let end = Swift.min(positions.upperBound, run.start + run.paths.count)
            run.paths.withUnsafeBufferPointer { paths in
                for at in position..<end { body(at, paths[at - run.start], run.directory, run.nameStart) }
            }
            position = end
            index += 1
        }
    }

    /// The index in `runs` of the run holding `position`.
    private func run(containing position: Int) -> Int {
        var low = 0, high = runs.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if runs[middle].start <= position { low = middle } else { high = middle }
        }
        return low
    }
}
