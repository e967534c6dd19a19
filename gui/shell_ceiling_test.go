package gui

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// shellMethodCeiling is the most methods type Shell may have. It may only go down: Shell
// wires the window (the menu, the tabs, the keys, the screens) and hands each screen and dialog
// what it needs; a screen, a dialog or a command is a type of its own, built from the
// workspace and the window (see CONTRIBUTING.md, "Adding a screen"). Lower it when a method
// leaves; never raise it.
const shellMethodCeiling = 23

// packageFiles are the package's Go files but its tests, parsed.
func packageFiles(t *testing.T) []*ast.File {
	t.Helper()
	paths, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	var files []*ast.File
	for _, p := range paths {
		if strings.HasSuffix(p, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, p, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	return files
}

func TestShellStaysUnderItsMethodCeiling(t *testing.T) {
	methods := methodsOf(packageFiles(t), "Shell")
	if len(methods) == 0 {
		t.Fatal("found no method of Shell: the count reads the wrong files")
	}
	if len(methods) > shellMethodCeiling {
		t.Fatalf("Shell has %d methods, more than the ceiling of %d: make the new screen, dialog or command a type "+
			"of its own, built from the workspace and the window, rather than a method of Shell. Its methods:\n  %s",
			len(methods), shellMethodCeiling, strings.Join(methods, "\n  "))
	}
	if len(methods) < shellMethodCeiling {
		t.Logf("Shell has %d methods, under the ceiling of %d: lower shellMethodCeiling to %d", len(methods), shellMethodCeiling, len(methods))
	}
}

// methodsOf are the names of the methods declared on type typ (value or pointer receiver)
// in files, sorted, each once: a method declared in two files for different build tags is
// one method.
func methodsOf(files []*ast.File, typ string) []string {
	var out []string
	for _, f := range files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv == nil || len(fd.Recv.List) != 1 {
				continue
			}
			rt := fd.Recv.List[0].Type
			if star, ok := rt.(*ast.StarExpr); ok {
				rt = star.X
			}
			if id, ok := rt.(*ast.Ident); ok && id.Name == typ && !slices.Contains(out, fd.Name.Name) {
				out = append(out, fd.Name.Name)
			}
		}
	}
	slices.Sort(out)
	return out
}

func TestMethodsOfCountsTheTypesMethodsOnly(t *testing.T) {
	tests := []struct {
		name string
		srcs []string
		want []string
	}{
		{"pointer_and_value_receivers", []string{"package p\ntype Shell struct{}\nfunc (s *Shell) A() {}\nfunc (Shell) B() {}\n"}, []string{"A", "B"}},
		{"other_types_and_functions_are_not_counted", []string{"package p\ntype Shell struct{}\ntype tasks struct{}\nfunc (t *tasks) wait() {}\nfunc NewShell() *Shell { return nil }\nfunc (s *Shell) Close() {}\n"}, []string{"Close"}},
		{"a_method_in_two_files_for_two_build_tags_is_one", []string{"package p\nfunc (s *Shell) place() {}\n", "package p\nfunc (s *Shell) place() {}\nfunc (s *Shell) Reload() {}\n"}, []string{"Reload", "place"}},
		{"none", []string{"package p\nfunc f() {}\n"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fset := token.NewFileSet()
			var files []*ast.File
			for i, src := range tt.srcs {
				f, err := parser.ParseFile(fset, string(rune('a'+i))+".go", src, 0)
				if err != nil {
					t.Fatal(err)
				}
				files = append(files, f)
			}
			if got := methodsOf(files, "Shell"); !slices.Equal(got, tt.want) {
				t.Errorf("methodsOf = %q, want %q", got, tt.want)
			}
		})
	}
}

// A screen, a dialog or a command holds what it uses, never the whole Shell (see
// CONTRIBUTING.md, "Adding a screen"): no type of the package but Shell has a field of type
// Shell or *Shell.
func TestNoTypeHoldsTheShell(t *testing.T) {
	if holders := holdersOf(packageFiles(t), "Shell"); len(holders) > 0 {
		t.Errorf("these types hold the Shell; give them what they use instead: %q", holders)
	}
}

// holdersOf are the names of the struct types in files, typ aside, that have a field of type
// typ or *typ, sorted, each once.
func holdersOf(files []*ast.File, typ string) []string {
	var out []string
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			ts, ok := n.(*ast.TypeSpec)
			if !ok || ts.Name.Name == typ {
				return true
			}
			st, ok := ts.Type.(*ast.StructType)
			if !ok {
				return true
			}
			for _, field := range st.Fields.List {
				ft := field.Type
				if star, ok := ft.(*ast.StarExpr); ok {
					ft = star.X
				}
				if id, ok := ft.(*ast.Ident); ok && id.Name == typ && !slices.Contains(out, ts.Name.Name) {
					out = append(out, ts.Name.Name)
				}
			}
			return true
		})
	}
	slices.Sort(out)
	return out
}

func TestHoldersOfFindsTheFieldsOfTheType(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want []string
	}{
		{"pointer_and_value_fields", "package p\ntype Shell struct{ a *Shell }\ntype v struct{ s *Shell }\ntype w struct{ n int; s Shell }\n", []string{"v", "w"}},
		{"other_types_and_parameters_are_not_counted", "package p\ntype Shell struct{}\ntype v struct{ s *Other }\nfunc f(s *Shell) {}\n", nil},
		{"an_embedded_shell_is_held", "package p\ntype Shell struct{}\ntype v struct{ *Shell }\n", []string{"v"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := parser.ParseFile(token.NewFileSet(), "a.go", tt.src, 0)
			if err != nil {
				t.Fatal(err)
			}
			if got := holdersOf([]*ast.File{f}, "Shell"); !slices.Equal(got, tt.want) {
				t.Errorf("holdersOf = %q, want %q", got, tt.want)
			}
		})
	}
}
