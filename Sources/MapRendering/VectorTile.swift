/// One Mapbox Vector Tile (specification 2.1), as the offline packs hold them (issue 15 §2;
/// T9, T10): named layers of features, each with its kind, its properties and its geometry in
/// the layer's own grid (`extent` units across the tile, y downward).
public struct VectorTile: Sendable, Equatable {
    public var layers: [Layer]

    public init(layers: [Layer]) { self.layers = layers }

    /// A named set of features sharing a grid (`extent` × `extent`, 4096 unless said).
    public struct Layer: Sendable, Equatable {
        public var name: String
        public var extent: Int
        public var features: [Feature]

        public init(name: String, extent: Int, features: [Feature]) {
            self.name = name
            self.extent = extent
            self.features = features
        }
    }

    /// What a feature's geometry is.
    public enum GeometryType: UInt32, Sendable {
        case unknown = 0
        case point = 1
        case lineString = 2
        case polygon = 3
    }

    /// A property's value.
    public enum Value: Sendable, Equatable {
        case string(String)
        case double(Double)
        case int(Int64)
        case uint(UInt64)
        case bool(Bool)

        /// The value as text, for styles matching a class by name.
        public var text: String? {
            if case .string(let text) = self { return text }
            return nil
        }
    }

    /// A point of the layer's grid; points may lie outside the tile (in its buffer).
    public struct Point: Sendable, Equatable {
        public var x: Int32
        public var y: Int32
        public init(x: Int32, y: Int32) {
            self.x = x
            self.y = y
        }
    }

    /// A point, a line or a polygon: `parts` are the points of a point feature (one part), the
    /// lines of a line feature, or the rings of a polygon feature (exterior rings clockwise on
    /// screen, holes anticlockwise; the closing point is not repeated).
    public struct Feature: Sendable, Equatable {
        public var id: UInt64?
        public var type: GeometryType
        public var properties: [String: Value]
        public var parts: [[Point]]

        public init(id: UInt64?, type: GeometryType, properties: [String: Value], parts: [[Point]]) {
            self.id = id
            self.type = type
            self.properties = properties
            self.parts = parts
        }
    }

    /// Decodes a tile's bytes (uncompressed); anything that breaks the encoding or the
    /// specification's geometry rules is refused with what was wrong.
    public init(decoding bytes: [UInt8]) throws(VectorTileError) {
        var reader = ProtobufReader(bytes)
        layers = []
        while !reader.isAtEnd {
            let field = try reader.field()
            if field.number == 3 && field.type == .lengthDelimited {
                var message = try reader.message()
                layers.append(try Self.layer(&message))
            } else {
                try reader.skip(field.type)
            }
        }
    }

    private static func layer(_ reader: inout ProtobufReader) throws(VectorTileError) -> Layer {
        var name = ""
        var extent: UInt64 = 4096
        var keys: [String] = []
        var values: [Value] = []
        var encodedFeatures: [ProtobufReader] = []
        while !reader.isAtEnd {
            let field = try reader.field()
            switch (field.number, field.type) {
            case (1, .lengthDelimited): name = try reader.string()
            case (2, .lengthDelimited): encodedFeatures.append(try reader.message())
            case (3, .lengthDelimited): keys.append(try reader.string())
            case (4, .lengthDelimited):
                var message = try reader.message()
                values.append(try value(&message))
            case (5, .varint): extent = try reader.varint()
            default: try reader.skip(field.type)
            }
        }
        guard (1...(1 << 16)).contains(extent) else { throw .malformed("layer \(name): extent \(extent)") }
        var features: [Feature] = []
        features.reserveCapacity(encodedFeatures.count)
        for var encoded in encodedFeatures {
            features.append(try feature(&encoded, keys: keys, values: values, layer: name))
        }
        return Layer(name: name, extent: Int(extent), features: features)
    }

    private static func value(_ reader: inout ProtobufReader) throws(VectorTileError) -> Value {
        var value = Value.string("")
        while !reader.isAtEnd {
            let field = try reader.field()
            switch (field.number, field.type) {
            case (1, .lengthDelimited): value = .string(try reader.string())
            case (2, .fixed32): value = .double(Double(Float(bitPattern: try reader.fixed32())))
            case (3, .fixed64): value = .double(Double(bitPattern: try reader.fixed64()))
            case (4, .varint): value = .int(Int64(bitPattern: try reader.varint()))
            case (5, .varint): value = .uint(try reader.varint())
            case (6, .varint): value = .int(zigzag(try reader.varint()))
            case (7, .varint): value = .bool(try reader.varint() != 0)
            default: try reader.skip(field.type)
            }
        }
        return value
    }

    private static func feature(
        _ reader: inout ProtobufReader, keys: [String], values: [Value], layer: String
    ) throws(VectorTileError) -> Feature {
        var id: UInt64?
        var tags: [UInt32] = []
        var type = GeometryType.unknown
        var commands: [UInt32] = []
        while !reader.isAtEnd {
            let field = try reader.field()
            switch (field.number, field.type) {
            case (1, .varint): id = try reader.varint()
            case (2, .lengthDelimited): tags = try reader.packedUInt32()
            case (3, .varint):
                type = GeometryType(rawValue: UInt32(truncatingIfNeeded: try reader.varint())) ?? .unknown
            case (4, .lengthDelimited): commands = try reader.packedUInt32()
            default: try reader.skip(field.type)
            }
        }
        guard tags.count.isMultiple(of: 2) else { throw .malformed("layer \(layer): an odd number of tags") }
        var properties: [String: Value] = [:]
        for pair in stride(from: 0, to: tags.count, by: 2) {
            let (key, value) = (Int(tags[pair]), Int(tags[pair + 1]))
            guard key < keys.count, value < values.count else {
                throw .malformed("layer \(layer): a tag names key \(key) or value \(value) the layer lacks")
            }
            properties[keys[key]] = values[value]
        }
        return Feature(
            id: id, type: type, properties: properties, parts: try geometry(commands, type: type, layer: layer))
    }

    /// Follows the MoveTo, LineTo and ClosePath commands: points for point features, a new line
    /// or ring at each MoveTo otherwise.
    private static func geometry(_ commands: [UInt32], type: GeometryType, layer: String) throws(VectorTileError)
        -> [[Point]]
    {
        var parts: [[Point]] = []
        var current: [Point] = []
        var (x, y): (Int32, Int32) = (0, 0)
        var index = 0
        while index < commands.count {
            let command = commands[index]
            index += 1
            let count = Int(command >> 3)
            switch command & 7 {
            case 1, 2:
                guard count <= (commands.count - index) / 2 else {
                    throw .malformed("layer \(layer): a command wants \(count) points the geometry lacks")
                }
                if command & 7 == 1 && type != .point && !current.isEmpty {
                    parts.append(current)
                    current = []
                }
                for _ in 0..<count {
                    x &+= Int32(truncatingIfNeeded: zigzag(UInt64(commands[index])))
                    y &+= Int32(truncatingIfNeeded: zigzag(UInt64(commands[index + 1])))
                    index += 2
                    current.append(Point(x: x, y: y))
                }
            case 7:
                guard count == 1, type == .polygon, !current.isEmpty else {
                    throw .malformed("layer \(layer): ClosePath outside a polygon's ring")
                }
                if current.count > 1 && current.last == current.first { current.removeLast() }
                parts.append(current)
                current = []
            default:
                throw .malformed("layer \(layer): geometry command \(command & 7)")
            }
        }
        if !current.isEmpty { parts.append(current) }
        return parts
    }

    private static func zigzag(_ value: UInt64) -> Int64 {
        Int64(bitPattern: (value >> 1) ^ (0 &- (value & 1)))
    }
}

/// Why a vector tile could not be read or drawn.
public enum VectorTileError: Error, Sendable, Equatable, CustomStringConvertible {
    case malformed(String)

    public var description: String {
        switch self {
        case .malformed(let detail): "malformed vector tile: \(detail)"
        }
    }
}
