/// The rule that destination-only streets (`access=destination`) carry no through traffic
/// (issue 15 §3), kept exactly by every search: a route may use such streets only in one block at
/// its start and one block at its end, never between two stretches of ordinary road. A search
/// state is an edge with a zone bit, which matters on destination-only edges only:
///
/// - searching forward, bit 0 on a destination-only edge means "still in the start's block",
///   bit 1 "in the end's block, entered from ordinary road";
/// - searching backward, bit 0 means "in the end's block", bit 1 "in the start's block".
///
/// Valhalla keeps the same rule by pruning its searches.
enum DestinationZones {
    /// The forward zone of `after` when reached from `before` in zone `bit`, or nil when that
    /// would leave the end's block for ordinary road.
    static func forward(_ bit: Int, from before: Edge, to after: Edge, _ costing: Costing) -> Int? {
        let (inBefore, inAfter) = (costing.isDestinationOnly(before), costing.isDestinationOnly(after))
        if !inAfter { return inBefore && bit == 1 ? nil : 0 }
        return inBefore ? bit : 1
    }

    /// The backward zone of `before` when reached from `after` in zone `bit`, or nil when that
    /// would leave the start's block (searching backward) for ordinary road.
    static func backward(_ bit: Int, from after: Edge, to before: Edge, _ costing: Costing) -> Int? {
        let (inBefore, inAfter) = (costing.isDestinationOnly(before), costing.isDestinationOnly(after))
        if !inBefore { return inAfter && bit == 1 ? nil : 0 }
        return inAfter ? bit : 1
    }

    /// Whether a forward path reaching `after` in forward zone `forwardBit` may go on as a
    /// backward path holding `after` in backward zone `backwardBit`.
    static func meet(forwardBit: Int, backwardBit: Int, on after: Edge, _ costing: Costing) -> Bool {
        !costing.isDestinationOnly(after) || forwardBit == 0 || backwardBit == 0
    }
}
