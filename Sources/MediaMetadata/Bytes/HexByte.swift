extension UInt8 {
    /// The byte as two upper-case hex digits, for error messages.
    var hex: String {
        (self < 0x10 ? "0" : "") + String(self, radix: 16, uppercase: true)
    }
}
