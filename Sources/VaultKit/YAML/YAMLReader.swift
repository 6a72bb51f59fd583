internal import CYAML

/// Reads a YAML stream of one document with libyaml's event API into a tree of `YAMLNode`s whose
/// offsets are bytes of the input.
public enum YAMLReader {
    /// Parses `bytes` (UTF-8, no BOM). Returns nil for an empty document.
    ///
    /// - Parameter base: added to every offset, so that nodes can be placed in a larger
    ///   buffer (the whole note) without a second pass.
    /// - Parameter keys: when given, values of top-level keys not in this set (compared
    ///   lower-cased) are parsed for errors but not built, which saves the scan of a large
    ///   vault most of its allocations.
    public static func parse(_ bytes: UnsafeRawBufferPointer, base: Int = 0, keys: Set<String>? = nil) throws(YAMLParseError) -> YAMLNode? {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            // libyaml skips a BOM without counting it in its marks; skip it here too so
            // that offsets stay right.
            return try parse(UnsafeRawBufferPointer(rebasing: bytes[3...]), base: base + 3, keys: keys)
        }
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            throw YAMLParseError(message: "out of memory", line: 0, column: 0)
        }
        defer { yaml_parser_delete(&parser) }
        let input = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self)
        // libyaml treats a null input pointer as an error even for zero bytes.
        var empty: UInt8 = 0
        yaml_parser_set_input_string(&parser, input ?? withUnsafeMutablePointer(to: &empty) { UnsafePointer($0) }, bytes.count)

        let offsets = MarkOffsets(bytes, base: base)
        var builder = TreeBuilder(keys: keys)
        var event = yaml_event_t()
        while true {
            guard yaml_parser_parse(&parser, &event) == 1 else {
                throw error(of: parser, in: bytes)
            }
            defer { yaml_event_delete(&event) }
            let type = event.type
            if type == YAML_STREAM_END_EVENT { break }
            if type == YAML_DOCUMENT_START_EVENT, builder.documents > 0 {
                // A key written after a second `---` would be invisible to every reader
                // that takes the first document, vault's own edits included.
                throw YAMLParseError(message: "a second YAML document starts here; front matter must be one document",
                                     line: Int(event.start_mark.line), column: Int(event.start_mark.column))
            }
            builder.add(event, offsets: offsets)
        }
        return builder.root
    }

    private static func error(of parser: yaml_parser_t, in bytes: UnsafeRawBufferPointer) -> YAMLParseError {
        var message = parser.problem.map { String(cString: $0) } ?? "invalid YAML"
        if let context = parser.context {
            message += " " + String(cString: context)
        }
        if parser.error == YAML_READER_ERROR {
            // Reader errors (bad encoding) carry a byte offset rather than a mark.
            let offset = min(parser.problem_offset, bytes.count)
            var line = 0
            var lineStart = 0
            for index in 0..<offset where bytes[index] == UInt8(ascii: "\n") {
                line += 1
                lineStart = index + 1
            }
            return YAMLParseError(message: message, line: line, column: offset - lineStart)
        }
        let context = parser.context == nil ? nil : (line: parser.context_mark.line, column: parser.context_mark.column)
        return YAMLParseError(message: message, line: parser.problem_mark.line, column: parser.problem_mark.column, context: context)
    }
}

/// libyaml's marks count characters; this converts them to byte offsets.
struct MarkOffsets {
    /// Byte offset of each character, or nil when every byte is ASCII (offsets are equal).
    private let table: [Int]?
    private let base: Int

    init(_ bytes: UnsafeRawBufferPointer, base: Int) {
        self.base = base
        guard bytes.contains(where: { $0 >= 0x80 }) else {
            table = nil
            return
        }
        var table: [Int] = []
        table.reserveCapacity(bytes.count + 1)
        for (offset, byte) in bytes.enumerated() where byte & 0xC0 != 0x80 {
            table.append(offset)
        }
        table.append(bytes.count)
        self.table = table
    }

    func byteOffset(_ mark: yaml_mark_t) -> Int {
        guard let table else { return base + mark.index }
        return base + table[min(mark.index, table.count - 1)]
    }
}

/// Assembles nodes from the event stream with an explicit stack, so deep nesting in a
/// hostile note cannot overflow the call stack.
private struct TreeBuilder {
    private enum Open {
        case sequence(YAMLNode, [YAMLNode])
        case mapping(YAMLNode, [YAMLPair], pendingKey: YAMLNode?)
    }

    private var stack: [Open] = []
    private(set) var root: YAMLNode?
    private let keys: Set<String>?
    /// Nesting depth inside a value that is being skipped.
    private var skipping = 0
    /// Documents started so far.
    private(set) var documents = 0

    init(keys: Set<String>?) {
        self.keys = keys
    }

    mutating func add(_ event: yaml_event_t, offsets: MarkOffsets) {
        if event.type == YAML_DOCUMENT_START_EVENT { documents += 1 }
        if skipping > 0 || skipsNextValue {
            switch event.type {
            case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT: skipping += 1
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT: skipping -= 1
            default: break
            }
            if skipping == 0, case .mapping(let node, let pairs, _)? = stack.last {
                stack[stack.count - 1] = .mapping(node, pairs, pendingKey: nil)
            }
            return
        }
        let start = offsets.byteOffset(event.start_mark)
        let end = offsets.byteOffset(event.end_mark)
        let line = event.start_mark.line
        let column = event.start_mark.column
        func node(_ kind: YAMLNode.Kind) -> YAMLNode {
            YAMLNode(kind: kind, start: start, end: end, line: line, column: column)
        }
        switch event.type {
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let value = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
            let tag = scalar.tag.map { String(cString: $0) }
            attach(node(.scalar(value, Self.style(scalar.style), tag: tag)))
        case YAML_ALIAS_EVENT:
            attach(node(.alias))
        case YAML_SEQUENCE_START_EVENT:
            let flow = event.data.sequence_start.style == YAML_FLOW_SEQUENCE_STYLE
            stack.append(.sequence(node(.sequence([], flow: flow)), []))
        case YAML_MAPPING_START_EVENT:
            let flow = event.data.mapping_start.style == YAML_FLOW_MAPPING_STYLE
            stack.append(.mapping(node(.mapping([], flow: flow)), [], pendingKey: nil))
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            guard let open = stack.popLast() else { return }
            switch open {
            case .sequence(var collection, let items):
                if case .sequence(_, let flow) = collection.kind { collection.kind = .sequence(items, flow: flow) }
                collection.end = end
                attach(collection)
            case .mapping(var collection, let pairs, _):
                if case .mapping(_, let flow) = collection.kind { collection.kind = .mapping(pairs, flow: flow) }
                collection.end = end
                attach(collection)
            }
        default:
            break
        }
    }

    /// True when the next event is the value of a top-level key nobody asked for.
    private var skipsNextValue: Bool {
        guard let keys, stack.count == 1, case .mapping(_, _, let key?) = stack[0] else { return false }
        guard let name = key.scalar else { return true }
        let lower = name.utf8.contains(where: { (0x41...0x5A).contains($0) }) ? name.lowercased() : name
        return !keys.contains(lower)
    }

    private mutating func attach(_ child: YAMLNode) {
        guard let top = stack.popLast() else {
            if root == nil { root = child }
            return
        }
        switch top {
        case .sequence(let collection, var items):
            items.append(child)
            stack.append(.sequence(collection, items))
        case .mapping(let collection, var pairs, let pendingKey):
            if let key = pendingKey {
                pairs.append(YAMLPair(key: key, value: child))
                stack.append(.mapping(collection, pairs, pendingKey: nil))
            } else {
                stack.append(.mapping(collection, pairs, pendingKey: child))
            }
        }
    }

    private static func style(_ style: yaml_scalar_style_t) -> YAMLNode.ScalarStyle {
        switch style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: return .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: return .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: return .literal
        case YAML_FOLDED_SCALAR_STYLE: return .folded
        default: return .plain
        }
    }
}
