import StoreVerification

/// The code `body` is refused with ("ok" when it is not): what a fixture case expects.
func refusal(_ body: () throws -> some Any) -> String {
    do {
        _ = try body()
        return "ok"
    } catch let error as StoreVerificationError {
        return error.code.rawValue
    } catch {
        return "\(error)"
    }
}
