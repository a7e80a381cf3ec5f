package main

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// elapsed matches analyze's line with the time taken, which no two runs share.
var elapsed = regexp.MustCompile(`(?m)^Time: .*$`)

var update = flag.Bool("update", false, "rewrite the expected sections (stdout, stderr, status) of testdata/*.txtar")

// A transcript is one scenario in txtar form: a free comment, then sections "-- name --".
// args holds the arguments, whitespace-separated; env holds NAME=value lines; stdin is the
// input. stdout, stderr and status are the expected results, and the only sections
// -update writes: the inputs are never rewritten.
type transcript struct {
	comment  string
	sections map[string]string
	order    []string
}

// parseTranscript reads the txtar format: a line "-- name --" starts a section.
func parseTranscript(data string) *transcript {
	t := &transcript{sections: map[string]string{}}
	name := ""
	var cur strings.Builder
	flush := func() {
		if name == "" {
			t.comment = cur.String()
		} else {
			t.sections[name] = cur.String()
			t.order = append(t.order, name)
		}
		cur.Reset()
	}
	for _, line := range strings.SplitAfter(data, "\n") {
		if h := strings.TrimRight(line, "\n"); strings.HasPrefix(h, "-- ") && strings.HasSuffix(h, " --") && len(h) >= 6 {
			flush()
			name = strings.TrimSpace(h[3 : len(h)-3])
			continue
		}
		cur.WriteString(line)
	}
	flush()
	return t
}

// format writes the transcript back in txtar form, sections in their original order.
func (t *transcript) format() string {
	var sb strings.Builder
	sb.WriteString(t.comment)
	for _, name := range t.order {
		sb.WriteString("-- " + name + " --\n")
		sb.WriteString(t.sections[name])
	}
	return sb.String()
}

// set replaces a section's text, adding the section at the end when it is new.
func (t *transcript) set(name, text string) {
	if _, ok := t.sections[name]; !ok {
		t.order = append(t.order, name)
	}
	t.sections[name] = text
}

// TestTranscripts runs every testdata/*.txtar through run, in process, and compares.
func TestTranscripts(t *testing.T) {
	files, err := filepath.Glob("testdata/*.txtar")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no transcripts in testdata")
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			tr := parseTranscript(string(data))
			for _, kv := range strings.Fields(tr.sections["env"]) {
				k, v, _ := strings.Cut(kv, "=")
				t.Setenv(k, v)
			}
			if _, ok := tr.sections["env"]; !ok {
				t.Setenv("NO_COLOR", "") // the transcript's own env only
			}
			var stdout, stderr bytes.Buffer
			status := run(strings.Fields(tr.sections["args"]), strings.NewReader(tr.sections["stdin"]), &stdout, &stderr)
			got := map[string]string{
				"stdout": elapsed.ReplaceAllString(stdout.String(), "Time: (elapsed)"),
				"stderr": stderr.String(),
				"status": strconv.Itoa(status) + "\n",
			}
			if *update {
				for _, name := range []string{"stdout", "stderr", "status"} {
					if got[name] != "" || tr.sections[name] != "" {
						tr.set(name, got[name])
					}
				}
				if err := os.WriteFile(file, []byte(tr.format()), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			for _, name := range []string{"stdout", "stderr", "status"} {
				if want := tr.sections[name]; got[name] != want {
					t.Errorf("%s differs (go test -run TestTranscripts -update rewrites it)\n--- got ---\n%s--- want ---\n%s", name, got[name], want)
				}
			}
		})
	}
}
