#!/usr/bin/env python3
"""Edits the app's String Catalog (Sources/AppFeatures/Resources/Localizable.xcstrings) the way
Xcode writes it, for those without Xcode: every key has an English and a Russian text.

    tools/catalog.py set KEY EN RU      add or change one string
    tools/catalog.py plural KEY "EN_ONE|EN_OTHER" "RU_ONE|RU_FEW|RU_MANY|RU_OTHER"
                                        a count's string in its plural forms (CLDR's categories:
                                        English one/other, Russian one/few/many/other), {count}
                                        standing for the number
    tools/catalog.py remove KEY...      drop strings no screen shows any more
    tools/catalog.py missing            keys lacking a language (exit 1 when any)
    tools/catalog.py site               copy the report texts (report.*, recipe.*) for the portal's site
    tools/catalog.py widget             copy the widget extension's texts (widget.*) to its own catalog

The site (Sources/Site) says a report formula's problems, and names the report builder's choices,
in the same words as the app: `site` writes them to Sources/Site/Resources/report-messages.json
(run it after changing any report.*, recipe.* or report builder label; a test fails while the
copy differs).

The widget extension is its own bundle: the widget gallery shows its name and description, and a
widget the app never filled asks to open it, in the device's language from the extension's String
Catalog (App/HobbyStory.swiftpm/WidgetExtension/Localizable.xcstrings), keyed by the English text
the widget's sources say. `widget` writes it from the widget.* keys; `missing` fails while that
copy differs or a widget.* English text is in no widget source.
"""
import json
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
PATH = ROOT / "Sources/AppFeatures/Resources/Localizable.xcstrings"
SITE_COPY = ROOT / "Sources/Site/Resources/report-messages.json"
WIDGET_COPY = ROOT / "App/HobbyStory.swiftpm/WidgetExtension/Localizable.xcstrings"
WIDGET_PREFIX = "widget."
WIDGET_SOURCES = ROOT / "App/HobbyStory.swiftpm/Widgets"
LANGUAGES = ("en", "ru")
# The report messages and the builder's names of its choices, and the builder's labels.
SITE_PREFIXES = ("report.", "recipe.")
BUILDER_CONTROLS = ("measure", "also", "dimension", "thenBy", "year", "spot", "species", "released", "largestFirst", "top")
SITE_KEYS = {"reports.position", "reports.builder", "reports.filters", "reports.formulaExamples"} | {
    kind + ".reports." + name for kind in ("label", "help") for name in BUILDER_CONTROLS
}


def load():
    if PATH.exists():
        return json.loads(PATH.read_text(encoding="utf-8"))
    return {"sourceLanguage": "en", "strings": {}, "version": "1.0"}


def catalog_text(catalog):
    """A String Catalog as Xcode writes it."""
    return json.dumps(catalog, ensure_ascii=False, indent=2, separators=(",", " : "), sort_keys=True) + "\n"


def save(catalog):
    PATH.write_text(catalog_text(catalog), encoding="utf-8")


def widget_strings(catalog):
    """The widget.* strings of the app's catalog."""
    return {key: entry for key, entry in catalog["strings"].items() if key.startswith(WIDGET_PREFIX)}


def widget_copy(catalog):
    """The widget extension's catalog: the widget.* strings keyed by their English text, the key
    the extension's views and configuration name them by (as Xcode extracts them)."""
    strings = {
        entry["localizations"]["en"]["stringUnit"]["value"]: entry for entry in widget_strings(catalog).values()
    }
    return catalog_text({"sourceLanguage": catalog["sourceLanguage"], "strings": strings, "version": catalog["version"]})


def widget_problems(catalog):
    """Why the widget extension's catalog is not the app's widget.* strings, or an English text
    no widget source names (a view's literal that drifted from the catalog)."""
    problems = []
    if not WIDGET_COPY.exists() or WIDGET_COPY.read_text(encoding="utf-8") != widget_copy(catalog):
        problems.append("%s differs from the widget.* strings: run tools/catalog.py widget" % WIDGET_COPY.relative_to(ROOT))
    sources = "".join(path.read_text(encoding="utf-8") for path in sorted(WIDGET_SOURCES.glob("*.swift")))
    for key, entry in sorted(widget_strings(catalog).items()):
        english = entry["localizations"]["en"]["stringUnit"]["value"]
        if json.dumps(english, ensure_ascii=False) not in sources:
            problems.append("%s: no widget source says %s" % (key, json.dumps(english, ensure_ascii=False)))
    return problems


def unit(value):
    return {"stringUnit": {"state": "translated", "value": value}}


def main(arguments):
    catalog = load()
    if arguments[:1] == ["set"] and len(arguments) == 4:
        key, english, russian = arguments[1:]
        catalog["strings"][key] = {
            "extractionState": "manual",
            "localizations": {"en": unit(english), "ru": unit(russian)},
        }
        save(catalog)
        return 0
    if arguments[:1] == ["plural"] and len(arguments) == 4:
        key, english, russian = arguments[1:]
        forms = {"en": ("one", "other"), "ru": ("one", "few", "many", "other")}
        localizations = {}
        for language, text in (("en", english), ("ru", russian)):
            values = text.split("|")
            if len(values) != len(forms[language]):
                print("%s needs %d forms: %s" % (language, len(forms[language]), "|".join(forms[language])), file=sys.stderr)
                return 2
            localizations[language] = {
                "variations": {"plural": {form: unit(value) for form, value in zip(forms[language], values)}}
            }
        catalog["strings"][key] = {"extractionState": "manual", "localizations": localizations}
        save(catalog)
        return 0
    if arguments[:1] == ["remove"] and len(arguments) >= 2:
        unknown = [key for key in arguments[1:] if key not in catalog["strings"]]
        if unknown:
            print("not in the catalog: %s" % ", ".join(unknown), file=sys.stderr)
            return 1
        for key in arguments[1:]:
            del catalog["strings"][key]
        save(catalog)
        return 0
    if arguments == ["missing"]:
        missing = [
            key
            for key, entry in catalog["strings"].items()
            for language in LANGUAGES
            if not complete(entry.get("localizations", {}).get(language, {}))
        ]
        missing += widget_problems(catalog)
        print("\n".join(missing))
        return 1 if missing else 0
    if arguments == ["site"]:
        SITE_COPY.write_text(site_copy(catalog), encoding="utf-8")
        return 0
    if arguments == ["widget"]:
        WIDGET_COPY.write_text(widget_copy(catalog), encoding="utf-8")
        return 0
    print(__doc__, file=sys.stderr)
    return 2


def complete(localization):
    """Whether a language has its text: one string, or every plural form."""
    if localization.get("stringUnit", {}).get("value"):
        return True
    plural = localization.get("variations", {}).get("plural", {})
    return bool(plural) and "other" in plural and all(form.get("stringUnit", {}).get("value") for form in plural.values())


def site_copy(catalog):
    """The report texts as {key: {language: text}}, sorted, one JSON document."""
    messages = {
        key: {language: entry["localizations"][language]["stringUnit"]["value"] for language in LANGUAGES}
        for key, entry in catalog["strings"].items()
        if key.startswith(SITE_PREFIXES) or key in SITE_KEYS
    }
    return json.dumps(messages, ensure_ascii=False, indent=1, sort_keys=True) + "\n"


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
