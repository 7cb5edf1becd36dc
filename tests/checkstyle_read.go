// checkstyle_read: reads a Checkstyle XML report with
// github.com/haya14busa/go-checkstyle (Debian's
// golang-github-haya14busa-go-checkstyle-dev; the structure reviewdog reads
// `-f=checkstyle` into) and prints each error as jgflint's concise format
// writes it: PATH:LINE:COL: SEVERITY: MESSAGE [RULE], a file-level error
// (line 0) without LINE:COL. Exits 1 when the report does not decode or an
// error's source is not jgflint.RULE.
// Usage: go run checkstyle_read.go REPORT
package main

import (
	"encoding/xml"
	"fmt"
	"os"
	"strings"

	"github.com/haya14busa/go-checkstyle/checkstyle"
)

func main() {
	f, err := os.Open(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	var result checkstyle.Result
	if err := xml.NewDecoder(f).Decode(&result); err != nil {
		fmt.Fprintln(os.Stderr, "not a Checkstyle report:", err)
		os.Exit(1)
	}
	for _, file := range result.Files {
		for _, e := range file.Errors {
			if !strings.HasPrefix(e.Source, "jgflint.") {
				fmt.Fprintln(os.Stderr, "source is not jgflint.RULE:", e.Source)
				os.Exit(1)
			}
			where := ""
			if e.Line > 0 {
				where = fmt.Sprintf(":%d:%d", e.Line, e.Column)
			}
			fmt.Printf("%s%s: %s: %s [%s]\n", file.Name, where, e.Severity, e.Message,
				strings.TrimPrefix(e.Source, "jgflint."))
		}
	}
}
