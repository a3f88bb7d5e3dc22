#!/usr/bin/env python3
"""Holds every public declaration of the stand-in Apple modules (Platform/StandIns, issue 31 §2) to
a row of its module's DECLARATIONS.md: the Apple documentation page it was checked against,
Apple's form and whether the stand-in matches. A declaration added, changed or removed without
its row fails `check`, so nothing enters the stand-ins unaudited; a row that says the stand-in is
more lenient than Apple, or that it was not looked up, fails too.

    python3 tools/stand_in_declarations.py check            # CI (scripts/test.sh)
    python3 tools/stand_in_declarations.py keys MODULE       # the keys a table needs, by file
    python3 tools/stand_in_declarations.py missing MODULE    # table rows to write, with the verdict empty

A declaration's key is its enclosing types and its own head as written (attributes, modifiers,
signature; string literals kept; whitespace collapsed; the wireframe machinery's
`_Wireframe…` conformances left out), so any change to a declaration asks for its row
again. Rows sit under a `## <file>.swift` heading; `|` inside a key is written `\\|`.
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STAND_INS = os.path.join(ROOT, "Platform", "StandIns")

# The wireframe machinery: not Apple API, never named by the app.
NOT_APPLE = re.compile(r"\b(_[Ww]ireframe\w*|WireframeNode|WireframeContext|AnyTab|AnyTabSection|AnyModifiedTabContent)\b")
NOT_APPLE_FILES = {"Wireframe.swift"}
TYPE_KEYWORDS = {"struct", "class", "enum", "protocol", "extension", "actor"}
DECLARATION_KEYWORDS = TYPE_KEYWORDS | {
    "func", "init", "var", "let", "typealias", "associatedtype", "case", "subscript", "deinit",
}
ATTRIBUTE = r"@\w+(<[^>]*>)?(\([^)]*\))?"
CONTINUATIONS = ("where", "->", "throws", "async", "&", ":", "rethrows", ">", "{")
# What a row's verdict may say: matching, stricter than Apple, not expressible on Linux (with
# the reason), or no documentation page found (with what was searched).
VERDICT = re.compile(r"^(yes|stricter|inexpressible|unconfirmed)\b")


def strip_comments(text):
    """The source without comments; string literals keep their text, so braces inside them are
    blanked out of the structure (`structure`) but kept in keys (`shown`)."""
    shown, structure = [], []
    i, n = 0, len(text)
    while i < n:
        if text.startswith("//", i):
            while i < n and text[i] != "\n":
                i += 1
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            i = n if end < 0 else end + 2
        elif text.startswith('"""', i):
            end = text.find('"""', i + 3)
            end = n if end < 0 else end + 3
            shown.append('"""…"""')
            structure.append('"""…"""')
            i = end
        elif text[i] == '"':
            j = i + 1
            depth = 0
            while j < n:
                if text[j] == "\\" and j + 1 < n and text[j + 1] == "(":
                    depth += 1
                    j += 2
                    continue
                if text[j] == "\\":
                    j += 2
                    continue
                if text[j] == ")" and depth:
                    depth -= 1
                elif text[j] == '"' and not depth:
                    break
                j += 1
            literal = text[i : j + 1]
            shown.append(literal)
            structure.append('"' + "_" * (len(literal) - 2) + '"')
            i = j + 1
        else:
            shown.append(text[i])
            structure.append(text[i])
            i += 1
    return "".join(shown), "".join(structure)


def words(head):
    return re.findall(r"[A-Za-z_][A-Za-z0-9_]*", head)


def declaration_keyword(head):
    """The declaration's keyword (`func`, `struct`…), skipping attributes and modifiers."""
    cleaned = re.sub(ATTRIBUTE, " ", head)
    for word in words(cleaned):
        if word in DECLARATION_KEYWORDS:
            return word
        if word not in {"public", "open", "nonisolated", "static", "final", "mutating", "override", "indirect",
                        "convenience", "required", "unsafe", "private", "fileprivate", "internal", "lazy", "weak",
                        "unowned", "dynamic", "optional", "class", "prefix", "postfix", "infix", "consuming",
                        "borrowing", "package", "isolated", "sending", "set"}:
            return None
    return None


def type_name(head, keyword):
    match = re.search(r"\b" + keyword + r"\s+([A-Za-z_][A-Za-z0-9_.]*)", head)
    return match.group(1) if match else "?"


def normalise(head):
    head = re.sub(r"\s+", " ", head).strip()
    head = re.sub(r",\s*_Wireframe\w*", "", head)
    head = re.sub(r":\s*_Wireframe\w*\s*,\s*", ": ", head)
    head = re.sub(r":\s*_Wireframe\w*", "", head)
    head = re.sub(r"(?<=[\w\]])<\s+", "<", head)
    head = re.sub(r"(?<=[\w\])])\s+>(?![>=])", ">", head)
    head = re.sub(r"\(\s+", "(", head)
    head = re.sub(r"\s+\)", ")", head)
    return head.rstrip(" {").strip()


def declarations(path):
    """(key, line) for every public declaration of one stand-in file."""
    with open(path, encoding="utf-8") as handle:
        shown, structure = strip_comments(handle.read())
    found = []
    # Each scope: (name, kind, is_public_protocol, is_public_enum); the file is the outermost.
    scopes = [("", "file", False, False)]
    i, n = 0, len(structure)

    def skip_body(start):
        """The index after the brace block opening at `start`."""
        depth = 0
        j = start
        while j < n:
            if structure[j] == "{":
                depth += 1
            elif structure[j] == "}":
                depth -= 1
                if depth == 0:
                    return j + 1
            j += 1
        return n

    while i < n:
        char = structure[i]
        if char in " \t\n;":
            i += 1
            continue
        if char == "}":
            if len(scopes) > 1:
                scopes.pop()
            i += 1
            continue
        if char == "#":  # #if / #else / #endif and the like: one line
            i = structure.find("\n", i)
            i = n if i < 0 else i
            continue
        # Read a statement head: up to a `{` outside parentheses, or the end of a line that the
        # next one does not continue.
        start, j, parens = i, i, 0
        while j < n:
            c = structure[j]
            if c == "(" or c == "[":
                parens += 1
            elif c == ")" or c == "]":
                parens -= 1
            elif c == "{" and parens <= 0:
                break
            elif c == "}" and parens <= 0:
                break
            elif c == "\n" and parens <= 0:
                rest = structure[j + 1 :].lstrip()
                so_far = structure[start:j].rstrip()
                attributes_only = re.fullmatch(r"\s*(" + ATTRIBUTE + r"\s*)+", so_far)
                unfinished = so_far.endswith((",", "&", "where", "->", ":", "=", "<"))
                if not attributes_only and not unfinished and (
                        not rest.startswith(CONTINUATIONS) or rest.startswith("case")):
                    break
            j += 1
        head_shown = shown[start:j]
        line = structure.count("\n", 0, start) + 1
        keyword = declaration_keyword(head_shown)
        opens = j < n and structure[j] == "{"
        scope_name, scope_kind, in_public_protocol, in_public_enum = scopes[-1]
        if keyword:
            modifiers = words(re.sub(ATTRIBUTE, " ", head_shown).split(keyword)[0])
            is_public = "public" in modifiers or "open" in modifiers
            if keyword == "case" and in_public_enum:
                is_public = True
            if in_public_protocol and keyword != "case":
                is_public = True
            if keyword == "extension":
                conformances = re.search(r"\bextension\s+[A-Za-z_][\w.]*(<[^>]*>)?\s*:\s*([^{]*?)(\bwhere\b|$)",
                                         normalise(head_shown))
                named = [c.strip() for c in conformances.group(2).split(",")] if conformances else []
                is_public = any(c and not NOT_APPLE.search(c) for c in named)
            qualified = ".".join(part for part in [scope_name] if part)
            key = (qualified + " › " if qualified else "") + normalise(head_shown)
            if is_public and not NOT_APPLE.search(normalise(head_shown).split("(")[0]) and not NOT_APPLE.search(
                    scope_name):
                found.append((key, line))
            if keyword in TYPE_KEYWORDS and opens:
                name = type_name(head_shown, keyword)
                full = (scope_name + "." if scope_name and keyword != "extension" else "") + name
                scopes.append((full if keyword != "extension" else name, keyword,
                               keyword == "protocol" and is_public, keyword == "enum" and is_public))
                i = j + 1
                continue
        if opens:
            i = skip_body(j)
        else:
            i = j + 1 if j < n and structure[j] != "}" else j
    return found


def module_declarations(module):
    """{file: [(key, line)]} for a stand-in module."""
    folder = os.path.join(STAND_INS, module)
    result = {}
    for name in sorted(os.listdir(folder)):
        if name.endswith(".swift") and name not in NOT_APPLE_FILES:
            result[name] = declarations(os.path.join(folder, name))
    return result


def table_rows(module):
    """{file: {key: cells}} from the module's DECLARATIONS.md."""
    path = os.path.join(STAND_INS, module, "DECLARATIONS.md")
    rows, section = {}, None
    if not os.path.exists(path):
        return rows
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            heading = re.match(r"^## (\S+\.swift)\s*$", line)
            if heading:
                section = heading.group(1)
                rows.setdefault(section, {})
                continue
            if section and line.startswith("| `"):
                cells = [cell.strip().replace("\\|", "|") for cell in re.split(r"(?<!\\)\|", line.strip())[1:-1]]
                key = cells[0].strip("`")
                rows[section][key] = cells[1:]
    return rows


def modules():
    return sorted(name for name in os.listdir(STAND_INS) if os.path.isdir(os.path.join(STAND_INS, name)))


def check():
    problems, total = [], 0
    for module in modules():
        declared, rows = module_declarations(module), table_rows(module)
        for file, found in declared.items():
            table = rows.get(file, {})
            keys = {key for key, _ in found}
            total += len(keys)
            for key, line in found:
                if key not in table:
                    problems.append(f"{module}/{file}:{line}: no row in DECLARATIONS.md for `{key}`")
            for key, cells in table.items():
                if key not in keys:
                    problems.append(f"{module}/DECLARATIONS.md ({file}): a row for `{key}`, which is not declared")
                    continue
                if len(cells) != 3 or not all(cells):
                    problems.append(f"{module}/DECLARATIONS.md ({file}): `{key}` needs a page, Apple's form and a verdict")
                elif not VERDICT.match(cells[2]) or "lenient" in cells[2].lower():
                    problems.append(
                        f"{module}/DECLARATIONS.md ({file}): `{key}` is judged \"{cells[2][:60]}\": "
                        "a stand-in must match Apple or be stricter")
        for file in rows:
            if file not in declared:
                problems.append(f"{module}/DECLARATIONS.md: a section for {file}, which is not a stand-in source")
    for problem in problems:
        print(problem, file=sys.stderr)
    if not problems:
        print(f"stand-ins: {total} public declarations in {len(modules())} modules, each with its row")
    return 1 if problems else 0


def escape(key):
    return key.replace("|", "\\|")


def main(arguments):
    if arguments[:1] == ["check"]:
        return check()
    if len(arguments) == 2 and arguments[0] in ("keys", "missing"):
        module = arguments[1]
        rows = table_rows(module)
        for file, found in module_declarations(module).items():
            print(f"\n## {file}\n")
            if arguments[0] == "missing":
                print("| declaration (stand-in) | Apple documentation page | Apple's declaration | matches? |")
                print("|---|---|---|---|")
            seen = set()
            for key, line in found:
                if key in seen or (arguments[0] == "missing" and key in rows.get(file, {})):
                    continue
                seen.add(key)
                print(f"| `{escape(key)}` |  |  |  |" if arguments[0] == "missing" else f"{line}: {key}")
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
