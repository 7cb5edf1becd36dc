# A JGF record of n nested variations (awk -v n=N -f tests/deep_jgf.awk):
# each level a move, then a variations node whose first variation goes on
# a level deeper and whose second is one move (tests/sgfout.sh, issue 47).
BEGIN {
  printf "{\"record\":{\"format\":\"JGF\",\"version\":2},\"game\":{\"type\":\"go\"},\"board\":{\"size\":19},\"tree\":[{}"
  for (i = 0; i < n; i++)
    printf ",{\"move\":{\"color\":\"%s\",\"x\":%d,\"y\":%d}},{\"variations\":[[{\"move\":{\"color\":\"%s\",\"x\":%d,\"y\":%d}}", i % 2 ? "white" : "black", i % 19, int(i / 19) % 19, i % 2 ? "black" : "white", (i + 7) % 19, (int(i / 19) + 3) % 19
  for (i = n - 1; i >= 0; i--)
    printf "],[{\"move\":{\"color\":\"%s\",\"x\":%d,\"y\":%d}}]]}", i % 2 ? "black" : "white", (i + 11) % 19, (int(i / 19) + 5) % 19
  print "]}" }
