import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// An SVG document read back with `XMLParser`: parsing fails unless the document is well-formed
/// XML, and the elements can then be inspected by name and class.
struct SVGProbe {
    struct Element {
        let name: String
        let attributes: [String: String]
        /// The element's own character data (not its children's), entities resolved.
        var text: String

        var classes: [String] { (attributes["class"] ?? "").split(separator: " ").map(String.init) }

        func number(_ attribute: String) -> Double? { attributes[attribute].flatMap(Double.init) }
    }

    struct NotWellFormed: Error, CustomStringConvertible {
        let description: String
    }

    let elements: [Element]

    init(_ svg: String) throws {
        let collector = Collector()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = collector
        guard parser.parse() else {
            throw NotWellFormed(
                description: "line \(parser.lineNumber): \(parser.parserError.map { "\($0)" } ?? "unknown error")")
        }
        elements = collector.finished
    }

    /// The elements named `name` having the class `className` (any class when nil).
    func elements(_ name: String, className: String? = nil) -> [Element] {
        elements.filter { $0.name == name && (className.map($0.classes.contains) ?? true) }
    }

    /// The text of the `<text>` elements of class `className`, in document order.
    func texts(_ className: String) -> [String] { elements("text", className: className).map(\.text) }

    private final class Collector: NSObject, XMLParserDelegate {
        var finished: [Element] = []
        private var open: [Element] = []

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
            qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
        ) {
            open.append(Element(name: elementName, attributes: attributeDict, text: ""))
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            guard !open.isEmpty else { return }
            open[open.count - 1].text += string
        }

        func parser(
            _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
        ) {
            if let element = open.popLast() { finished.append(element) }
        }
    }
}

/// The numbers in SVG path data, in order ("M10 20 L30 40" gives 10, 20, 30, 40).
func pathNumbers(_ data: String) -> [Double] {
    data.split(whereSeparator: { $0 == " " || $0.isLetter }).compactMap { Double($0) }
}
