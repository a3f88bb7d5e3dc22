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

The site (Sources/Site) says a report formula's problems, and names the report builder's choices,
in the same words as the app: `site` writes them to Sources/Site/Resources/report-messages.json
(run it after changing any report.*, recipe.* or report builder label; a test fails while the
copy differs).
"""
import json
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
PATH = ROOT / "Sources/AppFeatures/Resources/Localizable.xcstrings"
SITE_COPY = ROOT / "Sources/Site/Resources/report-messages.json"
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


def save(catalog):
    text = json.dumps(catalog, ensure_ascii=False, indent=2, separators=(",", " : "), sort_keys=True)
    PATH.write_text(text + "\n", encoding="utf-8")


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
        print("\n".join(missing))
        return 1 if missing else 0
    if arguments == ["site"]:
        SITE_COPY.write_text(site_copy(catalog), encoding="utf-8")
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
