package gate

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"unicode/utf8"
)

// decodeStrict decodes one JSON value from data into v and refuses anything after it. Fields v
// does not name are skipped whatever they hold (read leniently); a field v names with the wrong
// type is an error (decide strictly). Syntax and type errors say where in the input they are, as
// line:column, so a person fixing a hand-written request finds the spot.
func decodeStrict(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(v); err != nil {
		if errors.Is(err, io.EOF) {
			return errors.New("the input is empty; expected one JSON object")
		}
		return positioned(data, err)
	}
	at := dec.InputOffset()
	var extra json.RawMessage
	if err := dec.Decode(&extra); !errors.Is(err, io.EOF) {
		for at < int64(len(data)) && isJSONSpace(data[at]) {
			at++
		}
		return fmt.Errorf("%s: more input after the JSON object; send exactly one object", lineCol(data, at))
	}
	return nil
}

// positioned adds the line and column of a decoding error, when the error knows its offset.
func positioned(data []byte, err error) error {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn):
		return fmt.Errorf("%s: the input is not valid JSON: %w", lineCol(data, syn.Offset-1), err)
	case errors.As(err, &typ):
		field := typ.Field
		if field == "" {
			field = "the input"
		}
		return fmt.Errorf("%s: %s is a JSON %s; expected %s", lineCol(data, typ.Offset-1), field, typ.Value, typ.Type)
	case errors.Is(err, io.ErrUnexpectedEOF):
		return fmt.Errorf("%s: the JSON object is cut short", lineCol(data, int64(len(data))))
	}
	return err
}

// lineCol renders the position of the byte at index off of data as "stdin:LINE:COLUMN", both
// 1-based, columns counted in characters (runes), as an editor shows them. The gate's input
// always comes on stdin.
func lineCol(data []byte, off int64) string {
	if off > int64(len(data)) {
		off = int64(len(data))
	}
	if off < 0 {
		off = 0
	}
	before := data[:off]
	line := bytes.Count(before, []byte{'\n'}) + 1
	col := utf8.RuneCount(before[bytes.LastIndexByte(before, '\n')+1:]) + 1
	return fmt.Sprintf("stdin:%d:%d", line, col)
}

func isJSONSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }
