import VaultKit

/// A tool's arguments, read as its input schema says: a missing or mistyped one is refused
/// in the words of the tool's own parameters.
struct ToolArguments {
    let values: [String: JSONValue]

    init(_ values: [String: JSONValue]?) {
        self.values = values ?? [:]
    }

    func string(_ name: String) throws(VaultError) -> String? {
        guard let value = values[name], value != .null else { return nil }
        guard let text = value.stringValue else { throw .invalidArgument("'\(name)' should be a string") }
        return text
    }

    func required(_ name: String) throws(VaultError) -> String {
        guard let text = try string(name) else { throw .invalidArgument("'\(name)' is required") }
        return text
    }

    func int(_ name: String) throws(VaultError) -> Int? {
        guard let value = values[name], value != .null else { return nil }
        if let number = value.intValue { return number }
        if let number = value.doubleValue, number == number.rounded(), abs(number) < 1e15 { return Int(number) }
        throw .invalidArgument("'\(name)' should be a whole number")
    }

    func bool(_ name: String) throws(VaultError) -> Bool {
        guard let value = values[name], value != .null else { return false }
        guard let flag = value.boolValue else { throw .invalidArgument("'\(name)' should be true or false") }
        return flag
    }

    func strings(_ name: String) throws(VaultError) -> [String]? {
        guard let value = values[name], value != .null else { return nil }
        if let text = value.stringValue { return [text] }
        guard let items = value.arrayValue else { throw .invalidArgument("'\(name)' should be a list of strings") }
        var result: [String] = []
        for item in items {
            guard let text = item.stringValue else { throw .invalidArgument("'\(name)' should be a list of strings") }
            result.append(text)
        }
        return result
    }

    func object(_ name: String) throws(VaultError) -> [String: JSONValue]? {
        guard let value = values[name], value != .null else { return nil }
        guard let object = value.objectValue else { throw .invalidArgument("'\(name)' should be an object") }
        return object
    }

    /// A property's value as the YAML it is: a string as written, other JSON values as YAML
    /// writes them.
    static func propertyValue(_ value: JSONValue, key: String) throws(VaultError) -> PropertyValue {
        switch value {
        case .string(let text): return try PropertyValue.read(text, key: key)
        case .bool(let flag): return try PropertyValue.read(flag ? "true" : "false", key: key)
        case .int(let number): return try PropertyValue.read(String(number), key: key)
        case .double(let number): return try PropertyValue.read(String(number), key: key)
        case .array(let items):
            var names: [String] = []
            for item in items {
                guard let text = item.stringValue else { throw .invalidPropertyValue(key: key, value: "[…]", reason: "a list holds strings") }
                names.append(text)
            }
            return PropertyValue.list(names)
        default:
            throw .invalidPropertyValue(key: key, value: "\(value)", reason: "give a string, a number, true or false, or a list; to remove a key use 'remove'")
        }
    }
}
