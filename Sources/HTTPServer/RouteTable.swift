/// The compiled form of a ``Router``: a tree of path segments, searched literal-first.
struct RouteTable: Sendable {
    struct Route: Sendable {
        let pattern: String
        let parameterNames: [String]
        let handler: HTTPHandler
    }

    enum Resolution {
        case found(Route, RouteParameters)
        case methodNotAllowed([HTTPMethod])
        case notFound
    }

    private enum Key: Hashable, Sendable {
        case literal(String)
        case parameter
    }

    private struct Node: Sendable {
        var children: [Key: Node] = [:]
        var routes: [HTTPMethod: Route] = [:]
    }

    private var root = Node()

    init(_ definitions: [RouteDefinition]) {
        for definition in definitions {
            let body = definition.body
            let handler = definition.handler
            let chain = definition.middleware.wrapping { request, context in
                var request = request
                request.body = try await body.apply(to: request.body)
                return try await handler(request, context)
            }
            let names = definition.pattern.segments.compactMap { segment -> String? in
                if case .parameter(let name) = segment { return name }
                return nil
            }
            let route = Route(pattern: definition.pattern.description, parameterNames: names, handler: chain)
            let keys = definition.pattern.segments.map { segment -> Key in
                switch segment {
                case .literal(let text): .literal(text)
                case .parameter: .parameter
                }
            }
            Self.insert(route, method: definition.method, keys: keys[...], into: &root)
        }
    }

    private static func insert(_ route: Route, method: HTTPMethod, keys: ArraySlice<Key>, into node: inout Node) {
        guard let key = keys.first else {
            precondition(
                node.routes[method] == nil,
                "Route \(method) \(route.pattern) clashes with \(node.routes[method]?.pattern ?? ""): "
                    + "the same method on the same path shape is declared twice."
            )
            node.routes[method] = route
            return
        }
        insert(route, method: method, keys: keys.dropFirst(), into: &node.children[key, default: Node()])
    }

    /// The route for `method` on the decoded `segments`, or why there is none.
    func resolve(_ method: HTTPMethod, _ segments: [String]) -> Resolution {
        var allowed: Set<HTTPMethod> = []
        var captured: [String] = []
        if let route = Self.search(root, segments[...], method, &captured, &allowed) {
            let parameters = RouteParameters(Dictionary(zip(route.parameterNames, captured)) { first, _ in first })
            return .found(route, parameters)
        }
        if allowed.isEmpty { return .notFound }
        if allowed.contains(.get) { allowed.insert(.head) }
        return .methodNotAllowed(allowed.sorted { $0.rawValue < $1.rawValue })
    }

    private static func search(
        _ node: Node, _ segments: ArraySlice<String>, _ method: HTTPMethod, _ captured: inout [String],
        _ allowed: inout Set<HTTPMethod>
    ) -> Route? {
        guard let segment = segments.first else {
            if let route = node.routes[method] ?? (method == .head ? node.routes[.get] : nil) { return route }
            allowed.formUnion(node.routes.keys)
            return nil
        }
        let rest = segments.dropFirst()
        if let literal = node.children[.literal(segment)],
            let route = search(literal, rest, method, &captured, &allowed)
        {
            return route
        }
        if let parameter = node.children[.parameter] {
            captured.append(segment)
            if let route = search(parameter, rest, method, &captured, &allowed) { return route }
            captured.removeLast()
        }
        return nil
    }
}

extension Router {
    /// The router as the innermost handler: resolves the route, records its parameters in the
    /// context, and runs the route's group middleware, body policy and handler.
    func compiled() -> HTTPHandler {
        let table = RouteTable(routes)
        return { request, context in
            switch table.resolve(request.method, try request.pathSegments) {
            case .found(let route, let parameters):
                var context = context
                context.parameters = parameters
                context.notes.route = route.pattern
                var response = try await route.handler(request, context)
                if request.method == .head, case .stream(let length, _) = response.body {
                    // A HEAD gets the headers of the answer, never its body: nothing is produced.
                    response.body = .stream(contentLength: length) { _ in }
                }
                return response
            case .methodNotAllowed(let allowed):
                throw HTTPError.methodNotAllowed(request.method, allowed: allowed)
            case .notFound:
                throw HTTPError.notFound("No resource at \(request.path).")
            }
        }
    }
}
