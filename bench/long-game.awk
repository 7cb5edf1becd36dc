# long-game.awk -v n=N -v format=sgf|ngf: one game of N random moves, as
# SGF (6 bytes a move) or as WBaduk's NGF (10 bytes a move), for what one
# long game costs --convert (bench/convert-scale.sh, tests/convert_scale.sh).
# The moves soon land on occupied points: --convert replays the main line
# only up to there, and the record still holds every move. srand is fixed:
# the same file every time.
BEGIN {
	srand(1)
	if (format == "ngf") {
		printf "Rated game\n19\nW 1k\nB 1k\nwww.wbaduk.com\n0\n0\n7\n20170316 [09:37]\n5\nB+R\n%d\n", n
		for (i = 0; i < n; i++)
			printf "PM%c%c%s%c%c%c%c\n", 65 + int(i / 26) % 26, 65 + i % 26, i % 2 ? "W" : "B",
				66 + int(rand() * 19), 66 + int(rand() * 19), 66 + int(rand() * 19), 66 + int(rand() * 19)
	} else {
		printf "(;GM[1]FF[4]SZ[19]"
		for (i = 0; i < n; i++)
			printf ";%s[%c%c]", i % 2 ? "W" : "B", 97 + int(rand() * 19), 97 + int(rand() * 19)
		print ")"
	}
}
