/// The SF Symbols the app's views name, drawn in the wireframes by the Material Icons font that
/// Debian's `fonts-material-design-icons-iconfont` installs (Apache-2.0; issue 30 §1): each
/// symbol by the icon of the same meaning. The app itself keeps SF Symbols; this table is for the
/// pictures only, and a symbol missing from it fails the wireframe book.
enum SymbolIcons {
    static let material: [String: String] = [
        "arrow.clockwise": "refresh", "arrow.down.circle": "arrow_circle_down", "play.circle": "play_circle_outline",
        "exclamationmark.triangle": "warning",
        "video.fill": "videocam", "square.and.arrow.up": "share", "square.and.arrow.up.on.square": "file_upload",
        "arrow.triangle.2.circlepath": "sync", "arrow.triangle.branch": "alt_route", "arrow.uturn.backward": "undo",
        "book.closed": "menu_book", "calendar": "calendar_today", "camera": "photo_camera", "car": "directions_car",
        "chart.bar.xaxis": "bar_chart", "checkmark": "check", "checkmark.circle.fill": "check_circle",
        "checkmark.icloud": "cloud_done", "checkmark.seal": "verified", "chevron.backward": "chevron_left",
        "chevron.down": "expand_more", "chevron.left": "chevron_left", "chevron.right": "chevron_right",
        "chevron.up": "expand_less", "clock": "schedule", "clock.arrow.circlepath": "history", "cloud.sun": "wb_sunny",
        "doc.text": "description", "ellipsis.circle": "more_horiz",
        "exclamationmark.circle": "error_outline", "externaldrive.badge.exclamationmark": "sd_card_alert",
        "figure.fishing": "phishing",
        "figure.walk": "directions_walk", "fish": "phishing", "flag.checkered": "sports_score",
        "icloud.and.arrow.down": "cloud_download", "icloud.and.arrow.up": "cloud_upload", "key": "vpn_key",
        "location": "near_me", "lock": "lock", "magnifyingglass": "search", "map": "map", "mappin": "location_on",
        "mappin.and.ellipse": "place", "person": "person", "person.crop.circle": "account_circle", "photo": "photo",
        "photo.badge.plus": "add_photo_alternate", "photo.on.rectangle": "photo_library", "play": "play_arrow",
        "plus": "add", "questionmark.circle": "help_outline", "ruler": "straighten", "sidebar.left": "view_sidebar",
        "square.and.arrow.down": "download", "trash": "delete", "trash.slash": "delete_forever", "video": "videocam",
        "xmark": "close", "sun.horizon": "wb_twilight", "list.bullet.rectangle": "list_alt", "function": "functions",
        "gear": "settings", "person.2": "people", "info.circle": "info_outline", "hand.tap": "touch_app",
        "questionmark.circle.fill": "help", "slider.horizontal.3": "tune", "plus.circle.fill": "add_circle",
        "chevron.up.chevron.down": "unfold_more", "externaldrive": "backup", "stethoscope": "medical_services",
        "drop": "opacity", "link": "link", "link.badge.minus": "link_off",
        "point.topleft.down.to.point.bottomright.curvepath": "timeline",
        "record.circle": "radio_button_checked", "stop.circle": "stop_circle", "clock.badge.xmark": "timer_off",
    ]
}
