#!/usr/bin/env python3
"""An independent Go board for the tests: it shares no code with jgflint's
replay (src/engine/replay.c), so tests can compare what two implementations see.

Board: a dict {(x, y): "black" | "white"} on a width x height grid.
play() places a stone, removes captured opponent chains, then the player's own
chain if it has no liberty (suicide, as the rules that allow it play it).

positions(doc) walks a JGF v2 record and yields (path, board) after every node
that changes or may change the position: the main line and every variation
from its branch point. path is a tuple naming the node (indices into tree and
variations), so two records of the same game can be compared position by
position. Passes (move with "pass": true) yield the unchanged board, so the
sequence of positions of two records lines up move by move."""
import json
import sys


def neighbours(x, y, width, height):
    for nx, ny in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)):
        if 0 <= nx < width and 0 <= ny < height:
            yield nx, ny


def chain(board, x, y, width, height):
    """The chain of the stone at (x, y) and whether it has a liberty."""
    colour = board[(x, y)]
    seen, todo, free = {(x, y)}, [(x, y)], False
    while todo:
        cx, cy = todo.pop()
        for n in neighbours(cx, cy, width, height):
            stone = board.get(n)
            if stone is None:
                free = True
            elif stone == colour and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen, free


def play(board, colour, x, y, width, height):
    board[(x, y)] = colour
    for n in neighbours(x, y, width, height):
        stone = board.get(n)
        if stone is not None and stone != colour:
            stones, free = chain(board, n[0], n[1], width, height)
            if not free:
                for s in stones:
                    del board[s]
    stones, free = chain(board, x, y, width, height)
    if not free:
        for s in stones:
            del board[s]


def board_size(doc):
    board = doc.get("board") or {}
    size = board.get("size")
    width = board.get("width", size if size is not None else 19)
    height = board.get("height", size if size is not None else 19)
    return width, height


def points(coords):
    for c in coords or []:
        if isinstance(c, dict):
            yield c.get("x"), c.get("y")
        elif isinstance(c, list) and len(c) == 2:
            yield c[0], c[1]


def apply_node(board, node, width, height):
    for entry in node.get("setup") or []:
        for x, y in points(entry.get("coords")):
            if entry.get("type") in ("black", "white"):
                board[(x, y)] = entry["type"]
            else:
                board.pop((x, y), None)
    move = node.get("move")
    if isinstance(move, dict) and not move.get("pass"):
        x, y = move.get("x"), move.get("y")
        if isinstance(x, int) and isinstance(y, int) and 0 <= x < width and 0 <= y < height:
            play(board, move.get("color"), x, y, width, height)


def positions(doc):
    width, height = board_size(doc)
    # Each entry: the nodes still to play, their path prefix, the board so far.
    stack = [(doc.get("tree") or [], (), {})]
    while stack:
        nodes, prefix, board = stack.pop()
        for i, node in enumerate(nodes):
            if not isinstance(node, dict):
                continue
            path = prefix + (i,)
            apply_node(board, node, width, height)
            if "setup" in node or "move" in node:
                yield path, dict(board)
            variations = node.get("variations")
            if isinstance(variations, list):
                for v, line in reversed(list(enumerate(variations))):
                    stack.append((line, path + (v,), dict(board)))


def move_boards(doc):
    """The board after every move, line by line in the order positions()
    walks them: what two records of the same game share even when their
    nodes are split or merged differently (a setup node of its own, a move
    out of the root). Off-board moves and passes leave the board as it is."""
    width, height = board_size(doc)
    out = []
    stack = [(doc.get("tree") or [], {})]
    while stack:
        nodes, board = stack.pop()
        for node in nodes:
            if not isinstance(node, dict):
                continue
            apply_node(board, node, width, height)
            if "move" in node:
                out.append(sorted(board.items()))
            variations = node.get("variations")
            if isinstance(variations, list):
                for line in reversed(variations):
                    if isinstance(line, list):
                        stack.append((line, dict(board)))
    return out


def show(board, width, height):
    rows = []
    for y in range(height):
        rows.append("".join({"black": "X", "white": "O"}.get(board.get((x, y)), ".") for x in range(width)))
    return "\n".join(rows)


if __name__ == "__main__":
    if sys.argv[1] == "--same-game":
        # goboard.py --same-game A B: exit 0 when the board after every move
        # is the same in both records.
        a, b = (move_boards(json.load(open(p, encoding="utf-8-sig"))) for p in sys.argv[2:4])
        if a != b:
            bad = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
            print("# %d and %d moves; boards differ from move %d" % (len(a), len(b), bad + 1))
        sys.exit(a != b)
    # goboard.py RECORD.jgf: prints the final position of every line.
    with open(sys.argv[1], encoding="utf-8-sig") as f:
        record = json.load(f)
    w, h = board_size(record)
    last = None
    for path, b in positions(record):
        last = (path, b)
    if last:
        print(last[0])
        print(show(last[1], w, h))
