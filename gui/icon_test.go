package gui

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"testing"
)

// TestIconFileIsTheDrawnIcon keeps Icon.png at the repo root (what FyneApp.toml and `fyne
// package` use) equal to AppIcon; go test -run TestIcon ./gui/ -args -update rewrites it.
func TestIconFileIsTheDrawnIcon(t *testing.T) {
	path := filepath.Join("..", "Icon.png")
	got := AppIcon().Content()
	if *update {
		writeFile(t, path, string(got))
	}
	want, err := os.ReadFile(path)
	if err != nil {
		// Icon.png is part of the repository: FyneApp.toml and `fyne package` read it.
		t.Fatalf("no Icon.png at the repo root: %v (rerun with -args -update to write it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Error("Icon.png differs from AppIcon(); rerun with -args -update and look at the result")
	}
}

func TestIconIsSquareAndOpaqueInside(t *testing.T) {
	img, err := png.Decode(bytes.NewReader(AppIcon().Content()))
	if err != nil {
		t.Fatal(err)
	}
	b := img.Bounds()
	if b.Dx() != iconSize || b.Dy() != iconSize {
		t.Fatalf("icon is %dx%d, want %dx%d", b.Dx(), b.Dy(), iconSize, iconSize)
	}
	if _, _, _, a := img.At(0, 0).RGBA(); a != 0 {
		t.Errorf("corner alpha = %d; want transparent rounded corners", a)
	}
	if _, _, _, a := img.At(iconSize/2, iconSize/2).RGBA(); a != 0xffff {
		t.Errorf("centre alpha = %d; want opaque", a)
	}
}
