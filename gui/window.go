package gui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
)

// screenTabs are the top-level screens of the window.
type screenTabs struct {
	tabs *container.AppTabs
}

func (t screenTabs) titles() []string {
	if t.tabs == nil {
		return nil
	}
	out := make([]string, len(t.tabs.Items))
	for i, it := range t.tabs.Items {
		out[i] = it.Text
	}
	return out
}

func (t screenTabs) show(i int) {
	if t.tabs != nil && i >= 0 && i < len(t.tabs.Items) {
		t.tabs.SelectIndex(i)
	}
}

// ShowScreen brings the screen titled title to the front; it reports whether there is one.
func (s *Shell) ShowScreen(title string) bool {
	for i, t := range s.tabs.titles() {
		if t == title {
			s.tabs.show(i)
			return true
		}
	}
	return false
}

// PersonasTitle is the title of the first screen.
const PersonasTitle = "Personas"

// buildWindow lays out the window: the toolbar over the screens, the Personas screen first.
func (s *Shell) buildWindow() {
	s.screen = NewPersonasScreen(s)
	items := []*container.TabItem{container.NewTabItemWithIcon(PersonasTitle, theme.AccountIcon(), s.screen)}
	for _, sc := range registeredScreens() {
		icon := sc.Icon
		if icon == nil && sc.IconName != "" {
			icon = theme.Icon(sc.IconName)
		}
		items = append(items, container.NewTabItemWithIcon(sc.Title, icon, sc.Make(s)))
	}
	s.tabs = screenTabs{tabs: container.NewAppTabs(items...)}
	s.tabs.tabs.SetTabLocation(container.TabLocationLeading)
	s.toolbar = NewToolbar(s)
	s.notice = newNoticeBar()
	s.win.SetContent(container.NewBorder(container.NewVBox(s.toolbar, s.notice.box), nil, nil, nil, s.tabs.tabs))
	s.win.Resize(fyne.NewSize(1180, 760))
	s.win.SetCloseIntercept(s.requestClose)
	s.RefreshMenu()
	s.updateTitle()
}
