/// A thing of the app an intent's parameter can name, such as a species (Apple: `AppEntity`).
public protocol AppEntity: _IntentValue, Identifiable
where ValueType == Self, ID: EntityIdentifierConvertible, ID: Sendable {
    associatedtype DefaultQuery: EntityQuery where DefaultQuery.Entity == Self
    static var typeDisplayRepresentation: TypeDisplayRepresentation { get }
    var displayRepresentation: DisplayRepresentation { get }
    static var defaultQuery: DefaultQuery { get }
}

/// An identifier the system can store as text and read back (Apple: `EntityIdentifierConvertible`).
public protocol EntityIdentifierConvertible {
    var entityIdentifierString: String { get }
    static func entityIdentifier(for entityIdentifierString: String) -> Self?
}

extension String: EntityIdentifierConvertible {
    public var entityIdentifierString: String { self }
    public static func entityIdentifier(for entityIdentifierString: String) -> String? { entityIdentifierString }
}

/// How an entity is shown in a list or a sentence (Apple: `DisplayRepresentation`).
public struct DisplayRepresentation: Sendable {
    let title: LocalizedStringResource

    public init(title: LocalizedStringResource, subtitle: LocalizedStringResource? = nil, image: Image? = nil) {
        self.title = title
    }

    /// A symbol beside an entity's name (Apple: `DisplayRepresentation.Image`).
    public struct Image: Sendable {
        public init(systemName name: String, isTemplate: Bool? = nil) {}
    }
}

/// What kind of thing an entity is, as named to the angler (Apple: `TypeDisplayRepresentation`).
public struct TypeDisplayRepresentation: Sendable {
    let name: LocalizedStringResource

    public init(name: LocalizedStringResource, numericFormat: LocalizedStringResource? = nil) { self.name = name }
}

/// How the system finds entities by id and suggests some (Apple: `EntityQuery`).
public protocol EntityQuery: Sendable {
    associatedtype Entity: AppEntity
    init()
    func entities(for identifiers: [Entity.ID]) async throws -> [Entity]
    func suggestedEntities() async throws -> [Entity]
}

/// A query that also finds entities by what the angler said or typed (Apple: `EntityStringQuery`).
public protocol EntityStringQuery: EntityQuery {
    func entities(matching string: String) async throws -> [Entity]
}
