"""Fills empty msgstr entries of a .po file from a Python dict of translations.

Used once to write nl.po; kept for adding strings in bulk:
    python3 tools/fill_po.py po/nl.po translations.py
The dict T maps msgid (or (msgid, msgid_plural)) to msgstr (or a pair).
"""
import re
import sys


def quote(s):
    return '"' + s.replace('"', '\\"') + '"'


def main(po_path, table_path):
    scope = {}
    exec(open(table_path, encoding="utf-8").read(), scope)
    table = scope["T"]
    text = open(po_path, encoding="utf-8").read()
    blocks = text.split("\n\n")
    out, missing = [], []
    for block in blocks:
        mid = re.search(r'^msgid ((?:".*"\n?)+)', block, re.M)
        if not mid:
            out.append(block)
            continue
        msgid = "".join(re.findall(r'"(.*)"', mid.group(1)))
        plural = re.search(r'^msgid_plural ((?:".*"\n?)+)', block, re.M)
        if msgid == "":
            block = block.replace("Language: \\n", "Language: nl\\n")
            block = block.replace('"Content-Type: text/plain; charset=ASCII\\n"', '"Content-Type: text/plain; charset=UTF-8\\n"')
            out.append(block)
            continue
        if plural:
            pl = "".join(re.findall(r'"(.*)"', plural.group(1)))
            tr = table.get((msgid, pl))
            if tr is None:
                missing.append(msgid)
                out.append(block)
                continue
            block = re.sub(r'msgstr\[0\] ".*"', lambda _: "msgstr[0] " + quote(tr[0]), block)
            block = re.sub(r'msgstr\[1\] ".*"', lambda _: "msgstr[1] " + quote(tr[1]), block)
        else:
            tr = table.get(msgid)
            if tr is None:
                missing.append(msgid)
                out.append(block)
                continue
            block = re.sub(r'^msgstr ((?:".*"\n?)+)', lambda _: "msgstr " + quote(tr), block, flags=re.M)
        out.append(block)
    open(po_path, "w", encoding="utf-8").write("\n\n".join(out))
    for m in missing:
        print("untranslated:", m)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
