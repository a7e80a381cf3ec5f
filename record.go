package main

import (
	"bufio"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/signal"
	"path/filepath"
	"strings"

	"tictactoe/game"
)

// recorder writes a session's record: a header with the flags that replay it, then every
// line read, with comments for the computer's moves and the results. It writes to a
// temporary file beside the record and renames it into place on close, so that a run
// that is cut short never leaves a half-written record.
type recorder struct {
	*bufio.Writer
	f    *os.File
	path string
}

// newRecorder opens the temporary file and writes the header. A record that already
// exists must be a file that can be written: it is replaced, keeping its mode; a link is
// followed, so that the file it names is replaced and the link kept.
func newRecorder(path string, cfg *config) (*recorder, error) {
	mode := fs.FileMode(0o644)
	if target, err := filepath.EvalSymlinks(path); err == nil {
		path = target
		fi, err := os.Stat(path)
		if err == nil && !fi.Mode().IsRegular() {
			return nil, fmt.Errorf("cannot write %q: it is not a regular file", path)
		}
		w, err := os.OpenFile(path, os.O_WRONLY, 0) // neither truncated nor written
		if err != nil {
			return nil, fmt.Errorf("cannot write %q: %w", path, unwrapPath(err))
		}
		w.Close()
		mode = fi.Mode().Perm()
	}
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return nil, fmt.Errorf("cannot write %q: cannot create a file in %q: %w", path, dir, unwrapPath(err))
	}
	if err := f.Chmod(mode); err != nil {
		f.Close()
		os.Remove(f.Name())
		return nil, fmt.Errorf("cannot write %q: %w", path, unwrapPath(err))
	}
	r := &recorder{Writer: bufio.NewWriter(f), f: f, path: path}
	flags := fmt.Sprintf("--seed %d --symbol %s --first %s --ai %s --opponent %s --rows %d --cols %d --win %d --think %v",
		cfg.seed, cfg.symbol, cfg.first, cfg.ai, cfg.opponent, cfg.size.Rows, cfg.size.Cols, cfg.size.Win, cfg.think)
	if cfg.size.Rule != game.Freestyle {
		flags += " --rule " + cfg.size.Rule.String()
	}
	fmt.Fprintf(r, "# tictactoe session, %s\n# replay: tictactoe %s < %s\n", version, flags, shellQuote(filepath.Base(path)))
	return r, nil
}

// unwrapPath returns the cause of a file operation's error without the file's name, which
// for the temporary file would only confuse.
func unwrapPath(err error) error {
	if pe := (*fs.PathError)(nil); errors.As(err, &pe) {
		return pe.Err
	}
	if le := (*os.LinkError)(nil); errors.As(err, &le) {
		return le.Err
	}
	return err
}

// shellQuote returns s as a shell reads it back: as it is when it is plain, else in
// single quotes.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-/+,") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// removeOnInterrupt removes the record's temporary file and exits when the program is
// interrupted (Ctrl-C), so that no trace of an unfinished record is left. It returns the
// function that stops watching.
func (r *recorder) removeOnInterrupt() (stop func()) {
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt)
	go func() {
		if _, ok := <-sig; ok {
			os.Remove(r.f.Name())
			os.Exit(130)
		}
	}()
	return func() {
		signal.Stop(sig)
		close(sig)
	}
}

// close finishes the record and moves it into place.
func (r *recorder) close() error {
	err := errors.Join(r.Flush(), r.f.Close())
	if err == nil {
		err = unwrapPath(os.Rename(r.f.Name(), r.path))
	}
	if err != nil {
		os.Remove(r.f.Name())
		return fmt.Errorf("cannot write %q: %w", r.path, err)
	}
	return nil
}
