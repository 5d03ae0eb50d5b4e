//! How the computer learned (template `learning_history.ui`): over the
//! player's games, the player's level, and the share of the last 100
//! games the player won and lost, drawn with Cairo in light and dark. The
//! numbers are said in a line below the charts and to screen readers.

use std::cell::RefCell;
use std::rc::Rc;

use adw::prelude::*;
use adw::subclass::prelude::*;
use gtk::{cairo, glib};
use match5_five::history::{GameResult, History};

use crate::games::five::model::FiveGame;
use crate::i18n::{gettext_f, ngettext_f};

/// Games over which the shares of won and lost games are taken.
const WINDOW: usize = 100;

mod imp {
    use super::*;

    #[derive(Default, gtk::CompositeTemplate)]
    #[template(file = "learning_history.ui")]
    pub struct LearningHistory {
        #[template_child]
        pub stack: TemplateChild<gtk::Stack>,
        #[template_child]
        pub level_title: TemplateChild<gtk::Label>,
        #[template_child]
        pub level_axis_top: TemplateChild<gtk::Label>,
        #[template_child]
        pub level_chart_slot: TemplateChild<adw::Bin>,
        #[template_child]
        pub rates_title: TemplateChild<gtk::Label>,
        #[template_child]
        pub rates_chart_slot: TemplateChild<adw::Bin>,
        #[template_child]
        pub first_game: TemplateChild<gtk::Label>,
        #[template_child]
        pub last_game: TemplateChild<gtk::Label>,
        #[template_child]
        pub summary: TemplateChild<gtk::Label>,
        pub points: Rc<RefCell<Vec<Point>>>,
    }

    #[glib::object_subclass]
    impl ObjectSubclass for LearningHistory {
        const NAME: &'static str = "Match5LearningHistory";
        type Type = super::LearningHistory;
        type ParentType = adw::Dialog;

        fn class_init(klass: &mut Self::Class) {
            klass.bind_template();
        }

        fn instance_init(obj: &glib::subclass::InitializingObject<Self>) {
            obj.init_template();
        }
    }

    impl ObjectImpl for LearningHistory {}
    impl WidgetImpl for LearningHistory {}
    impl AdwDialogImpl for LearningHistory {}
}

glib::wrapper! {
    pub struct LearningHistory(ObjectSubclass<imp::LearningHistory>)
        @extends adw::Dialog, gtk::Widget,
        @implements gtk::Accessible, gtk::Buildable, gtk::ConstraintTarget, gtk::ShortcutManager;
}

/// One game on the charts: the level after it, and the shares of the last
/// [`WINDOW`] games the player won and lost.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Point {
    pub level: u32,
    pub won: f64,
    pub lost: f64,
}

/// The points of `history`.
pub fn points(history: &History) -> Vec<Point> {
    history
        .entries()
        .zip(history.moving_rates(WINDOW))
        .map(|(e, (_, won, lost))| Point {
            level: e.level,
            won,
            lost,
        })
        .collect()
}

/// Shows how the computer learned from `model`'s player.
pub fn show(parent: &impl IsA<gtk::Widget>, model: &FiveGame) {
    let window: LearningHistory = glib::Object::builder().build();
    window.fill(model);
    window.present(Some(parent));
    crate::widgets::a11y::no_unnamed_scroll_stops(&window);
}

impl LearningHistory {
    fn fill(&self, model: &FiveGame) {
        let imp = self.imp();
        let history = model.with(|s| s.knowledge().history().clone());
        let (Some(first), Some(last)) = (history.entries().next(), history.last()) else {
            imp.stack.set_visible_child_name("empty");
            return;
        };
        let points = points(&history);
        let top = points.iter().map(|p| p.level).max().unwrap_or(0);
        imp.level_title.set_label(&gettext_f(
            "Your level, up to {level}",
            &[("level", &top.to_string())],
        ));
        imp.rates_title.set_label(&ngettext_f(
            "Your last {n} game",
            "Your last {n} games",
            WINDOW as u32,
            &[("n", &WINDOW.to_string())],
        ));
        imp.first_game
            .set_label(&gettext_f("game {n}", &[("n", &first.game.to_string())]));
        imp.last_game
            .set_label(&gettext_f("game {n}", &[("n", &last.game.to_string())]));
        imp.level_axis_top.set_label(&gettext_f(
            "level {level}",
            &[("level", &top.max(1).to_string())],
        ));
        let results: Vec<GameResult> = history.entries().map(|e| e.result).collect();
        let mut summary = summary(&points, &results, first.game, last.game);
        let hinted = history.entries().filter(|e| e.hints > 0).count();
        if hinted > 0 {
            summary = format!("{summary} {}", hinted_words(hinted));
        }
        imp.summary.set_label(&summary);
        imp.points.replace(points);
        let level_chart = chart(&imp.level_title.label(), &summary);
        let data = imp.points.clone();
        level_chart.set_draw_func(move |_, cr, w, h| {
            let colors = Colors::now();
            draw_level(cr, f64::from(w), f64::from(h), &data.borrow(), &colors);
        });
        imp.level_chart_slot.set_child(Some(&level_chart));
        let rates_chart = chart(&imp.rates_title.label(), &summary);
        let data = imp.points.clone();
        rates_chart.set_draw_func(move |_, cr, w, h| {
            let colors = Colors::now();
            draw_rates(cr, f64::from(w), f64::from(h), &data.borrow(), &colors);
        });
        imp.rates_chart_slot.set_child(Some(&rates_chart));
        imp.stack.set_visible_child_name("chart");
    }
}

/// What the charts show, in words: for a few games the games themselves
/// (a share of one game says little), for more the level's way and the
/// shares of the last [`WINDOW`].
pub fn summary(points: &[Point], results: &[GameResult], first: u64, last: u64) -> String {
    let (Some(start), Some(now)) = (points.first(), points.last()) else {
        return String::new();
    };
    // Before the player's first game the level was 0; a history that
    // keeps only later games starts from its first.
    let from = if first <= 1 { 0 } else { start.level };
    let level = if from == now.level {
        gettext_f(
            "your level stayed at {level}",
            &[("level", &now.level.to_string())],
        )
    } else {
        gettext_f(
            "your level went from {from} to {to}",
            &[("from", &from.to_string()), ("to", &now.level.to_string())],
        )
    };
    let count = |r: GameResult| results.iter().filter(|&&x| x == r).count();
    let (won, lost) = (count(GameResult::Won), count(GameResult::Lost));
    if points.len() < FEW {
        let games = u32::try_from(points.len()).unwrap_or(u32::MAX);
        let won_words = ngettext_f(
            "you won {n} game",
            "you won {n} games",
            won as u32,
            &[("n", &won.to_string())],
        );
        return ngettext_f(
            "After {games} game {level}; {won} and lost {lost}.",
            "After {games} games {level}; {won} and lost {lost}.",
            games,
            &[
                ("games", &games.to_string()),
                ("level", &level),
                ("won", &won_words),
                ("lost", &lost.to_string()),
            ],
        );
    }
    ngettext_f(
        "{games} game from game {first} to {last}: {level}. Of the last {n} you won {won}% and lost {lost}%.",
        "{games} games from game {first} to {last}: {level}. Of the last {n} you won {won}% and lost {lost}%.",
        u32::try_from(points.len()).unwrap_or(u32::MAX),
        &[
            ("games", &points.len().to_string()),
            ("first", &first.to_string()),
            ("last", &last.to_string()),
            ("level", &level),
            ("n", &WINDOW.min(points.len()).to_string()),
            ("won", &format!("{:.0}", now.won * 100.0)),
            ("lost", &format!("{:.0}", now.lost * 100.0)),
        ],
    )
}

/// The games played with hints: their wins taught the computer as
/// practice, so the level does not count them.
pub fn hinted_words(games: usize) -> String {
    ngettext_f(
        "You took hints in {n} game: a win with hints teaches the computer but does not raise the level.",
        "You took hints in {n} games: a win with hints teaches the computer but does not raise the level.",
        u32::try_from(games).unwrap_or(u32::MAX),
        &[("n", &games.to_string())],
    )
}

/// Below this many games the summary counts games, not shares.
const FEW: usize = 10;

/// A drawing area that screen readers know as an image called `name`,
/// described by `description`.
fn chart(name: &str, description: &str) -> gtk::DrawingArea {
    let area: gtk::DrawingArea = glib::Object::builder()
        .property("accessible-role", gtk::AccessibleRole::Img)
        .property("content-width", 300)
        .property("content-height", 140)
        .property("vexpand", true)
        .build();
    crate::widgets::a11y::set_label(&area, name);
    crate::widgets::a11y::set_description(&area, description);
    area
}

/// The chart's colours: the text colour for the frame, and the GNOME
/// palette's blue, red and accent, lighter in the dark style.
pub struct Colors {
    frame: (f64, f64, f64),
    level: (f64, f64, f64),
    won: (f64, f64, f64),
    lost: (f64, f64, f64),
}

impl Colors {
    fn now() -> Colors {
        let dark = adw::StyleManager::default().is_dark();
        let frame = crate::widgets::palette::foreground(dark);
        if dark {
            Colors {
                frame,
                level: crate::widgets::palette::accent(true),
                won: (0.38, 0.63, 0.96),
                lost: (0.96, 0.38, 0.32),
            }
        } else {
            Colors {
                frame,
                level: crate::widgets::palette::accent(false),
                won: (0.10, 0.37, 0.71),
                lost: (0.75, 0.11, 0.16),
            }
        }
    }
}

/// The x position of game `i` of `n` in a chart `w` wide.
fn x_of(i: usize, n: usize, w: f64) -> f64 {
    if n <= 1 {
        w / 2.0
    } else {
        i as f64 / (n - 1) as f64 * (w - 2.0) + 1.0
    }
}

fn frame(cr: &cairo::Context, w: f64, h: f64, colors: &Colors) {
    let f = colors.frame;
    cr.set_source_rgba(f.0, f.1, f.2, 0.15);
    cr.set_line_width(1.0);
    cr.rectangle(0.5, 0.5, w - 1.0, h - 1.0);
    let _ = cr.stroke();
    cr.move_to(0.5, h / 2.0);
    cr.line_to(w - 0.5, h / 2.0);
    cr.set_dash(&[3.0, 3.0], 0.0);
    let _ = cr.stroke();
    cr.set_dash(&[], 0.0);
}

/// The level over the games: a filled line from 0 to the highest level.
pub fn draw_level(cr: &cairo::Context, w: f64, h: f64, points: &[Point], colors: &Colors) {
    frame(cr, w, h, colors);
    let top = f64::from(points.iter().map(|p| p.level).max().unwrap_or(0).max(1));
    let y = |level: u32| h - 1.0 - f64::from(level) / top * (h - 6.0);
    let n = points.len();
    cr.move_to(x_of(0, n, w), h - 1.0);
    for (i, p) in points.iter().enumerate() {
        cr.line_to(x_of(i, n, w), y(p.level));
    }
    cr.line_to(x_of(n.saturating_sub(1), n, w), h - 1.0);
    cr.close_path();
    let c = colors.level;
    cr.set_source_rgba(c.0, c.1, c.2, 0.18);
    let _ = cr.fill();
    let line = points
        .iter()
        .enumerate()
        .map(|(i, p)| (x_of(i, n, w), y(p.level)));
    stroke_line(cr, line, c);
}

/// Draws the line through `points` in colour `c`, 2 px wide; one point
/// (after the first game) is a dot, where a line would draw nothing.
fn stroke_line(cr: &cairo::Context, points: impl Iterator<Item = (f64, f64)>, c: (f64, f64, f64)) {
    let points: Vec<(f64, f64)> = points.collect();
    cr.set_source_rgb(c.0, c.1, c.2);
    if let [(px, py)] = points[..] {
        cr.arc(px, py, 4.0, 0.0, std::f64::consts::TAU);
        let _ = cr.fill();
        return;
    }
    for (i, &(px, py)) in points.iter().enumerate() {
        if i == 0 {
            cr.move_to(px, py);
        } else {
            cr.line_to(px, py);
        }
    }
    cr.set_line_width(2.0);
    let _ = cr.stroke();
}

/// The shares of won and lost games, 0 to 100% (the dashed line is 50%).
pub fn draw_rates(cr: &cairo::Context, w: f64, h: f64, points: &[Point], colors: &Colors) {
    frame(cr, w, h, colors);
    let n = points.len();
    let y = |share: f64| h - 2.0 - share * (h - 4.0);
    let won = points
        .iter()
        .enumerate()
        .map(|(i, p)| (x_of(i, n, w), y(p.won)));
    stroke_line(cr, won, colors.won);
    let lost = points
        .iter()
        .enumerate()
        .map(|(i, p)| (x_of(i, n, w), y(p.lost)));
    stroke_line(cr, lost, colors.lost);
}

#[cfg(test)]
mod tests {
    use super::*;
    use match5_five::history::{Entry, GameResult};

    /// Pixels of `draw` on a 200 x 100 image that are mostly `channel`
    /// (0 blue, 2 red).
    fn pixels_of(channel: usize, draw: impl Fn(&cairo::Context)) -> usize {
        let mut surface = cairo::ImageSurface::create(cairo::Format::ARgb32, 200, 100).unwrap();
        draw(&cairo::Context::new(&surface).unwrap());
        let data = surface.data().unwrap();
        data.chunks(4).filter(|px| px[channel] > 200).count()
    }

    #[test]
    fn one_game_shows_in_both_charts() {
        let history = History::from_entries(vec![Entry {
            game: 1,
            result: GameResult::Lost,
            level: 1,
            date: "2026-11-28".into(),
            moves: None,
            hints: 0,
        }])
        .unwrap();
        let p = points(&history);
        assert_eq!(p.len(), 1);
        let colors = Colors {
            frame: (0.0, 0.0, 0.0),
            level: (0.0, 0.0, 1.0),
            won: (0.0, 0.0, 1.0),
            lost: (1.0, 0.0, 0.0),
        };
        let level = pixels_of(0, |cr| draw_level(cr, 200.0, 100.0, &p, &colors));
        assert!(level > 20, "the level's dot: {level} pixels");
        let lost = pixels_of(2, |cr| draw_rates(cr, 200.0, 100.0, &p, &colors));
        assert!(lost > 20, "the lost share's dot: {lost} pixels");
    }

    #[test]
    fn points_follow_the_history_and_the_charts_draw_them() {
        let entries = (1..=150)
            .map(|g| Entry {
                game: g,
                result: if g % 3 == 0 {
                    GameResult::Won
                } else {
                    GameResult::Lost
                },
                level: (g / 3) as u32,
                date: "2026-11-22".into(),
                moves: None,
                hints: 0,
            })
            .collect();
        let history = History::from_entries(entries).unwrap();
        let p = points(&history);
        assert_eq!(p.len(), 150);
        assert_eq!(p[149].level, 50);
        // Games 51 to 150: 34 multiples of 3 won, 66 lost.
        assert!((p[149].won - 0.34).abs() < 1e-9);
        assert!((p[149].lost - 0.66).abs() < 1e-9);
        // Drawn on an image: the lost line lies above the won line at the
        // right end.
        let surface = cairo::ImageSurface::create(cairo::Format::ARgb32, 200, 100).unwrap();
        let colors = Colors {
            frame: (0.0, 0.0, 0.0),
            level: (0.0, 0.0, 1.0),
            won: (0.0, 0.0, 1.0),
            lost: (1.0, 0.0, 0.0),
        };
        {
            let cr = cairo::Context::new(&surface).unwrap();
            draw_rates(&cr, 200.0, 100.0, &p, &colors);
        }
        let data = surface.take_data().unwrap();
        let stride = 200 * 4;
        let red_row = (0..100).find(|y| data[y * stride + 196 * 4 + 2] > 200);
        let blue_row = (0..100).find(|y| data[y * stride + 196 * 4] > 200);
        assert!(
            red_row.unwrap() < blue_row.unwrap(),
            "lost (67%) above won (33%)"
        );
    }
}
