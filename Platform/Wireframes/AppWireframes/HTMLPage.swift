import SwiftUI

/// A wireframe as an HTML page (issue 14 §4): stacks as flex boxes, lists, bars, tabs and split
/// columns as boxes, controls with their labels, symbols by name. Wireframe fidelity: structure,
/// words and sizes that matter (the 60 pt primary actions, the 44 pt targets), nothing more.
@MainActor
struct HTMLPage {
    let title: String
    let width: Int
    let height: Int
    /// Text drawn this much larger than at the default size (Dynamic Type).
    var textScale = 1.0
    let nodes: [WireframeNode]
    /// Draws the maps (``WireframeMaps``).
    let maps: WireframeMaps

    var html: String {
        """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8">
        <meta name="viewport" content="width=\(width)">
        <title>\(Self.escape(title))</title>
        <style>\(Self.style(textScale: textScale))</style></head>
        <body style="width:\(width)px;height:\(height)px">
        \(nodes.map { render($0) }.joined())
        </body></html>
        """
    }

    /// The HTML of `node`; maps and charts fill `width` (a sheet's on a wide screen, else the
    /// page's column).
    func render(_ node: WireframeNode, width: Int? = nil) -> String {
        let mapWidth = width ?? mapWidth
        if node.kind == "chart", let chart = WireframeCharts.html(node, width: mapWidth - 20) {
            return "<div class=\"n-chart\">\(chart)</div>"
        }
        if node.kind == "photo" || node.kind == "video" {
            return WireframePhotos.html(node)
        }
        if node.kind == "map" {
            // A map fills its column, less the screen's and the list's margins.
            return "<div class=\"n-map\">\(maps.html(node, width: mapWidth))</div>"
        }
        let words = node.text.map {
            node.kind == "symbol" ? Self.icon($0) : "<span class=\"words\">\(Self.escape($0))</span>"
        }
        // A sheet on a wide screen is a form sheet's width; beside a column of fixed width (a
        // list beside a map), the rest of the row is the others'; columns that share a row
        // equally (each as wide as it may be) get a share each.
        var childWidth = node.kind == "sheet" && self.width > 700 ? Self.sheetWidth - 60 : width
        if node.attributes["axis"] == "horizontal" {
            let sharing = node.children.filter { $0.attributes["fillWidth"] == "true" }.count
            if let fixed = node.children.lazy.compactMap({ $0.attributes["width"].flatMap(Int.init) }).first {
                childWidth = mapWidth - fixed - 8
            } else if sharing > 1,
                node.children.allSatisfy({ $0.kind == "list" || $0.kind == "form" || $0.kind == "unavailable" })
            {
                childWidth = (width ?? mapWidth) / sharing - 16
            }
        }
        let inner = (words ?? "") + node.children.map { render($0, width: childWidth) }.joined()
        var classes = ["n-\(node.kind)"]
        var style: [String] = []
        for (name, value) in node.attributes.sorted(by: { $0.key < $1.key }) {
            switch name {
            case "axis", "role", "entry", "placement", "font", "buttonStyle", "sizeClass", "labelStyle",
                "titleDisplayMode", "tint":
                classes.append("\(name)-\(value)")
            case "disabled" where value == "true": classes.append("disabled")
            case "lineLimit" where value == "1": classes.append("one-line")
            case "layoutPriority" where (Double(value) ?? 0) > 0: classes.append("priority")
            case "style": classes.append("fg-\(value)")
            case "background": classes.append("bg-\(value)")
            case "back" where value == "true": classes.append("back")
            case "selected" where value == "true": classes.append("selected")
            case "on": classes.append("on-\(value)")
            case "minHeight": style.append("min-height:\(value)px")
            case "minWidth": style.append("min-width:\(value)px")
            case "width": style.append("width:\(value)px;flex:0 0 auto")
            case "cell": style.append("grid-template-columns:repeat(auto-fill,minmax(\(value)px,1fr))")
            case "columns": style.append("grid-template-columns:repeat(\(value),auto)")
            case "fillWidth":
                style.append("align-self:stretch")
                classes.append("fill-width")
            default: break
            }
        }
        // Text capped below the device's size: what is inside zoomed back to the cap's size, the
        // node's own frame and background kept.
        let capped = node.attributes["typeCap"].map(Self.capScale).flatMap { $0 < textScale ? $0 : nil }
        let content = capped.map { "<div style=\"zoom:\($0 / textScale)\">\(inner)</div>" } ?? inner
        let id = node.attributes["id"].map { " data-control=\"\(Self.escape($0))\"" } ?? ""
        let help = node.attributes["accessibilityHint"].map { " title=\"\(Self.escape($0))\"" } ?? ""
        let symbol = node.attributes["symbol"].map(Self.icon) ?? ""
        let badge = node.attributes["badge"].map { "<b class=\"badge\">\(Self.escape($0))</b>" } ?? ""
        let styleAttribute = style.isEmpty ? "" : " style=\"\(style.joined(separator: ";"))\""
        return
            "<div class=\"\(classes.joined(separator: " "))\"\(id)\(help)\(styleAttribute)>\(symbol)\(content)\(badge)</div>"
    }

    /// How wide a map is drawn: the page less the screen's margins (a regular-width page's sidebar too).
    private var mapWidth: Int { width > 700 ? width - 260 : width - 16 }

    /// A sheet's width on a wide screen, as iPadOS draws a form sheet.
    static let sheetWidth = 620

    /// An SF Symbol drawn by its Material icon (``SymbolIcons``), named in its tooltip.
    static func icon(_ symbol: String) -> String {
        "<i class=\"icon\" title=\"\(escape(symbol))\">\(escape(SymbolIcons.material[symbol] ?? "help_center"))</i>"
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    /// How much larger than the default size text is at a capped Dynamic Type size (Apple's
    /// body text: 17 points at large, 19, 21, 23 at xLarge…xxxLarge).
    static func capScale(_ size: String) -> Double {
        switch size {
        case "xLarge": 19.0 / 17.0
        case "xxLarge": 21.0 / 17.0
        case "xxxLarge": 23.0 / 17.0
        default: 1
        }
    }

    /// The style with every font size scaled by `textScale`.
    static func style(textScale: Double) -> String {
        guard textScale != 1 else { return style }
        return style.replacing(/font(-size)?:(\d+)px/) { match in
            "font\(match.1 ?? ""):\(Int((Double(match.2)! * textScale).rounded()))px"
        }
    }

    static let style = """
        @font-face{font-family:"Material Icons";src:local("Material Icons"),url("file:///usr/share/fonts/truetype/material-design-icons-iconfont/MaterialIcons-Regular.ttf")}
        .icon{font-family:"Material Icons";font-style:normal;font-weight:normal;font-size:20px;line-height:1;display:inline-block;white-space:nowrap;font-feature-settings:"liga";-webkit-font-feature-settings:"liga"}
        *{box-sizing:border-box} body{margin:0;font:15px/1.3 -apple-system,"DejaVu Sans",sans-serif;background:#f2f2f7;color:#111;overflow:hidden}
        div{display:flex;flex-direction:column;gap:4px} .words{overflow-wrap:break-word;min-width:0}
        .n-tabs{height:100%;flex-direction:column-reverse} .n-tabs>.n-tabBar{flex-direction:row;justify-content:space-around;background:#fbfbfd;border-top:1px solid #ccc;padding:6px 0 18px}
        .n-tabs.sizeClass-regularTop{flex-direction:column} .n-tabs.sizeClass-regularTop>.n-tabBar{justify-content:center;gap:24px;border-top:0;border-bottom:1px solid #ccc;padding:8px 0}
        .n-stack.axis-horizontal>.priority{flex-shrink:0;max-width:100%} .n-stack.axis-horizontal:has(>.priority)>:not(.priority){min-width:0;flex-shrink:1}
        .n-tabs.sizeClass-regular{flex-direction:row} .n-tabs.sizeClass-regular>.n-tabBar{flex:0 0 220px;flex-direction:column;justify-content:flex-start;border-top:0;border-right:1px solid #ccc;padding:16px 8px}
        .n-tabs.sizeClass-regular .n-tab{flex-direction:row;font-size:15px;gap:8px;padding:6px 8px;min-height:36px}
        .n-tabSection{gap:0} .n-tabSection>.words{color:#6d6d72;font-size:12px;font-weight:600;text-transform:uppercase;padding:10px 8px 2px}
        .n-tabs.sizeClass-regular .n-tab.selected{background:#dbe8fb;border-radius:8px}
        .n-tab{align-items:center;font-size:11px;color:#777;min-width:60px} .n-tab.selected{color:#0a64d8} .n-link.selected{background:#dbe8fb}
        .n-tab .icon{font-size:24px}
        .n-navigation{flex:1;overflow:hidden} .n-bar{flex-direction:row;flex-wrap:wrap;align-items:center;gap:8px;padding:8px 12px;background:#fbfbfd;border-bottom:1px solid #ddd;font-weight:600;font-size:20px;min-height:52px}
        .n-bar>.words{flex:1} .n-bar.titleDisplayMode-inline>.words{font-size:17px;text-align:center;order:1}
        .n-bar.titleDisplayMode-inline>.placement-cancellationAction{order:0} .n-bar.titleDisplayMode-inline>:not(.words):not(.placement-cancellationAction){order:2} .n-screen{flex:1;overflow:hidden;padding:8px}
        .n-toolbarItem{flex-direction:row;font-size:14px;font-weight:400}
        .n-bottomBar{flex-direction:row;justify-content:center;padding:4px;background:#fbfbfd;border-top:1px solid #ddd}
        .n-bottomBar .n-stack{justify-content:center} .n-bottomBar .n-toolbarItem{flex:1 1 auto;min-width:0;max-width:600px} .n-bottomBar .n-stack{width:100%} .n-bottomBar .n-stack>*{flex:0 1 auto;min-width:0;overflow:hidden} .n-bottomBar .n-stack>.fill-width{flex:1 1 0} .labelStyle-IconOnlyLabelStyle .words,.labelStyle-IconOnlyLabelStyle.one-line .words{display:none}
        .n-bar.back::before{content:"‹ Back";color:#0a64d8;font-size:15px;font-weight:400}
        .n-list,.n-form{background:transparent;gap:8px} .n-stack.axis-horizontal>.n-list,.n-stack.axis-horizontal>.n-form{align-self:stretch}
        .n-stack.axis-horizontal>.fill-width{flex:1 1 0;min-width:0} .n-section{background:#fff;border-radius:10px;padding:6px 10px}
        .n-header{color:#6d6d72;font-size:12px;text-transform:uppercase}
        .n-stack.axis-horizontal{flex-direction:row;align-items:center;gap:8px} .n-spacer{flex:1}
        .n-stack.axis-depth{flex:1;display:grid;min-height:0;min-width:0;overflow:hidden} .n-stack.axis-depth>*{grid-area:1/1;min-height:0;min-width:0}
        .n-button,.n-link{flex-direction:row;align-items:center;gap:6px;color:#0a64d8;border:1px dashed #9cc1f0;border-radius:8px;padding:6px 10px}
        .n-button.buttonStyle-BorderedProminentButtonStyle{background:#0a64d8;color:#fff;justify-content:center;font-size:20px;font-weight:600}
        .n-button.buttonStyle-BorderedProminentButtonStyle.tint-red{background:#d3242a}
        .n-button.role-destructive{color:#d70015;border-color:#f0a0a8} .disabled{opacity:.4}
        .n-label{flex-direction:row;align-items:center;gap:6px} .n-label>.icon,.n-label>.n-symbol .icon{color:inherit}
        .n-field{background:#fff;border:1px solid #ccc;border-radius:8px;padding:6px 10px;color:#999;min-height:44px;justify-content:center} .n-field>.words{color:#111}
        .n-picker{flex-direction:row;flex-wrap:wrap;align-items:center;gap:6px;border:1px dashed #bbb;border-radius:8px;padding:6px 10px;min-height:44px}
        .n-picker>.n-caption{flex:1} .n-picker>:not(.n-caption){display:none} .n-picker>.selected{display:flex;color:#0a64d8}
        .n-menu{flex-direction:row;align-items:center;color:#0a64d8;min-height:44px} .n-menu>:not(.n-caption){display:none}
        .n-table{display:grid;justify-content:start;column-gap:16px;row-gap:6px} .n-gridrow{display:contents}
        .n-toggle{flex-direction:row;justify-content:space-between;align-items:center;padding:6px 10px}
        .n-toggle::after{content:"";flex:none;width:48px;height:28px;border-radius:14px;background:radial-gradient(circle at 14px 14px,#fff 11px,transparent 12px),#d6d6db}
        .n-toggle.on-true::after{background:radial-gradient(circle at 34px 14px,#fff 11px,transparent 12px),#34c759}
        .n-unavailable{align-items:center;text-align:center;color:#6d6d72;padding:24px}
        .n-dialog,.n-alert,.n-sheet,.n-popover{position:fixed;left:12px;right:12px;bottom:24px;background:#fff;border-radius:14px;box-shadow:0 4px 30px rgba(0,0,0,.35);padding:14px;z-index:5}
        .n-dialog>.words,.n-alert>.words{font-weight:600;text-align:center} .n-message{color:#555;text-align:center}
        .n-popover{bottom:auto;top:120px;background:#ffffe8;border:2px solid #c9b400}
        .n-sheet{top:60px} @media (min-width:700px){.n-sheet{left:50%;right:auto;width:\(sheetWidth)px;transform:translateX(-50%)}}
        .n-split{flex-direction:row;height:100%} .n-column{flex:1;border-right:1px solid #ccc} .n-column:first-child{flex:0 0 320px}
        .font-headline>.words,.n-text.font-headline{font-weight:600} .font-caption,.font-footnote,.font-subheadline{font-size:12px;color:#555}
        .font-title2{font-size:20px}
        .badge{background:#d70015;color:#fff;border-radius:9px;padding:0 6px;font-size:11px}
        .n-swatch,.n-symbol{display:inline-flex}
        .bg-black{background:#000;color:#fff} .bg-black .words{color:#fff} .bg-quaternary{background:#e3e5ea}
        .bg-blue{background:#0a64d8;border-radius:16px} .fg-white,.fg-white .words{color:#fff} .bg-black .fg-secondary .words{color:#b0b0b8} .n-link:has(.bg-blue){flex-shrink:0}
        .one-line .n-label,.one-line .n-text{min-width:0;overflow:hidden} .one-line .words{display:block;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;max-width:100%}
        .n-grid{display:grid;gap:4px} .n-grid>.n-link{border:0;padding:0;border-radius:6px;overflow:hidden;min-height:100px}
        .n-grid .n-stack.axis-depth>:not(:first-child){align-self:end;justify-self:end;z-index:1;color:#fff;background:rgba(0,0,0,.55);border-radius:6px;padding:2px 5px;font-size:11px}
        .n-photo{display:block;width:100%;height:100%;min-height:100px;object-fit:cover;background:#ccc}
        .n-photo.fit{object-fit:contain;background:#000;height:auto;max-height:560px}
        .n-video{align-items:center;justify-content:center;background:#000;color:#fff;min-height:260px;border-radius:6px}
        .n-video .icon{font-size:64px;color:#fff}
        .n-mapview{position:relative;overflow:hidden;background:#e8e4dc;border-radius:10px;flex:0 0 auto;display:block} .n-mapview .tile{position:absolute;width:256px;height:256px}
        .n-mapview .routes{position:absolute;left:0;top:0} .n-mapview polyline{fill:none;stroke:#0a64d8;stroke-width:4;stroke-linejoin:round}
        .mappin{position:absolute;flex-direction:row;align-items:flex-end;gap:0;transform:translate(-12px,-24px);white-space:nowrap}
        .mappin .icon{color:#d70015;font-size:26px} .mappin span{font-size:11px;font-weight:600;background:rgba(255,255,255,.8);border-radius:4px;padding:0 3px;margin-bottom:14px}
        .mapcaption{font-size:11px;color:#6d6d72}
        .fg-red,.fg-red .words{color:#d70015} .fg-secondary,.fg-secondary .words{color:#6d6d72} .fg-orange{color:#c25e00} .fg-green{color:#1e7e34}
        .piechart{flex-direction:row;align-items:center;gap:12px} .legend{flex-direction:row;align-items:center;gap:6px;font-size:12px} .legend i{width:10px;height:10px;border-radius:2px;display:inline-block}
        """
}
