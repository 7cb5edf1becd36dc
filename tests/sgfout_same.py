"""Whether two JGF records hold the same game: the sections SGF carries and
the tree (a node's comments joined as SGF's one C holds them)."""
import json
import sys


def joined(v):
    if isinstance(v, dict):
        return {k: ("\n\n".join(x) if k == "comments" and isinstance(x, list) else joined(x))
                for k, x in v.items()}
    if isinstance(v, list):
        return [joined(x) for x in v]
    return v


a = json.load(open(sys.argv[1], encoding="utf-8"))
b = json.load(open(sys.argv[2], encoding="utf-8"))
for key in ("tree", "players", "game", "rules", "board", "event", "source"):
    if joined(a.get(key)) != joined(b.get(key)):
        print(sys.argv[1], "differs in", key)
        print(" ", json.dumps(a.get(key))[:400])
        print(" ", json.dumps(b.get(key))[:400])
        sys.exit(1)
