/// How a view answers a pointer over it (Apple: `HoverEffect`); the wireframe records its name.
public struct HoverEffect {
    let name: String
    public static var automatic: HoverEffect { HoverEffect(name: "automatic") }
    public static var highlight: HoverEffect { HoverEffect(name: "highlight") }
    public static var lift: HoverEffect { HoverEffect(name: "lift") }
}

extension View {
    /// The effect a pointer over the view shows; the wireframe sets the attribute `hover` to the
    /// effect's name while it is enabled.
    nonisolated public func hoverEffect(_ effect: HoverEffect = .automatic, isEnabled: Bool = true) -> some View {
        let name = effect.name
        return decorated { if isEnabled { $0.attributes["hover"] = name } }
    }
}
