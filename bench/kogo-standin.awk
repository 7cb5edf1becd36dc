# kogo-standin.awk -v nodes=N: a deterministic stand-in for Kogo's Joseki
# Dictionary, which jgflint may not ship (bench/convert-scale.sh).
#
# Its shape, as the dictionary has it: one SGF game tree on 19x19 whose
# root holds thousands of variations; each variation a short line of 1 to
# 5 moves that branches again into 2 to 4 (7 times in 10) down to 30
# levels; a comment on 45% of the nodes, most a few words ("Joseki.",
# "RIGHT", "Trick play."), some two sentences over two lines; labels
# (LB[..:A], 12% of nodes), marks (TR, CR, MA, 8%), a node name now and
# then. The moves of a line never repeat a point of the lines above it, so
# the game is legal but for a few random suicides. At 35,000 nodes it is
# 1.2 MB, the dictionary's size, and jgflint 0.1.0 wrote it as a 54 MB
# record at a 211 MB peak: the 44 MB and 237 MB measured on the dictionary
# itself (issue 27). srand is fixed: the same file every time.
function at(   k) {
	do k = int(rand() * 361); while (occ[k])
	occ[k] = 1
	placed[nplaced++] = k
	return substr(c, k % 19 + 1, 1) substr(c, int(k / 19) + 1, 1)
}
function pt() { return substr(c, int(rand() * 19) + 1, 1) substr(c, int(rand() * 19) + 1, 1) }
function node(color,   s, r, i, n) {
	s = ";" color "[" at() "]"
	r = rand()
	if (r < 0.3) s = s "C[" comments[int(rand() * ncomments)] "]"
	else if (r < 0.45) s = s "C[" comments[int(rand() * ncomments)] " " comments[int(rand() * ncomments)] "\n" long[int(rand() * nlong)] "]"
	if (rand() < 0.12) { s = s "LB"; n = 1 + int(rand() * 3); for (i = 0; i < n; i++) s = s "[" pt() ":" substr("ABCDE", i + 1, 1) "]" }
	if (rand() < 0.08) s = s marks[int(rand() * 3)] "[" pt() "]"
	if (rand() < 0.03) s = s "N[" names[int(rand() * 3)] "]"
	made++
	return s
}
# A line of moves, then its variations; the points it took are free again
# for its siblings.
function line(depth, color,   s, len, i, k, kids, mark) {
	len = 1 + int(rand() * 5)
	s = ""
	mark = nplaced
	for (i = 0; i < len && made < nodes; i++) { s = s node(color); color = color == "B" ? "W" : "B" }
	if (depth < 30 && made < nodes && rand() < 0.7) {
		kids = 2 + int(rand() * 3)
		for (k = 0; k < kids && made < nodes; k++) s = s "\n(" line(depth + 1, color) ")"
	}
	while (nplaced > mark) delete occ[placed[--nplaced]]
	return s
}
BEGIN {
	srand(20240527)
	c = "abcdefghijklmnopqrs"
	ncomments = split("Joseki.|This is joseki.|Trick play.|White is thick.|Black is slightly better.|RIGHT|WRONG|Black gets a good result.|Usual.|Kogo: this is an old line.|Bad for white.|White should tenuki.|Possible.|The hane is important.|Simple and good.", cm, "|")
	for (i = 1; i <= ncomments; i++) comments[i - 1] = cm[i]
	nlong = split("If white plays the hane at A instead, black cuts at B and white's stones on the side become heavy.|This variation is common in professional games of the 1980s; black takes the corner and white the outside.|Black must not answer here: the tenuki is better, because white's extension is slow.|A trick play: if black answers naturally with the hane, white's cut works, so black should simply connect.|White's shape is thin; black can aim at the cutting point later, after the approach on the right side.", lg, "|")
	for (i = 1; i <= nlong; i++) long[i - 1] = lg[i]
	marks[0] = "TR"; marks[1] = "CR"; marks[2] = "MA"
	names[0] = "3-4 point"; names[1] = "4-4 point"; names[2] = "Taisha"
	printf "(;FF[4]GM[1]SZ[19]CA[UTF-8]AP[Kogo stand-in]GN[Kogo's Joseki Dictionary]GC[A deterministic stand-in for a joseki dictionary: a deep tree of variations.]"
	made = 0
	while (made < nodes) printf "\n(%s)", line(0, "B")
	print ")"
}
