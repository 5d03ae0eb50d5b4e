//! The take-back experiment of the original assignment (template
//! `experiment.ui`): it runs on another thread with a progress bar; each
//! row of its table comes as soon as it is measured, and a chart shows the
//! positions looked at and in the full tree per move taken back, on a
//! logarithmic scale (described in words for screen readers).

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::atomic::Ordering;
use std::time::Duration;

use adw::prelude::*;
use adw::subclass::prelude::*;
use gtk::glib;
use match5_tiles::{Game, experiment};

use super::experiment_chart::{Pick, Row, draw, positions, times};

use crate::i18n::{gettext, gettext_f};
use crate::widgets::stoppable::StoppableRun;

enum Message {
    Row(Row, usize),
    Done,
}

mod imp {
    use super::*;

    #[derive(Default, gtk::CompositeTemplate)]
    #[template(file = "experiment.ui")]
    pub struct TilesExperiment {
        #[template_child]
        pub limit_spin: TemplateChild<gtk::SpinButton>,
        #[template_child]
        pub simulations_spin: TemplateChild<gtk::SpinButton>,
        #[template_child]
        pub run_button: TemplateChild<gtk::Button>,
        #[template_child]
        pub progress: TemplateChild<gtk::ProgressBar>,
        #[template_child]
        pub result_label: TemplateChild<gtk::Label>,
        #[template_child]
        pub chart_slot: TemplateChild<adw::Bin>,
        #[template_child]
        pub legend: TemplateChild<gtk::Box>,
        #[template_child]
        pub table: TemplateChild<gtk::Grid>,
        pub game: RefCell<Option<Game>>,
        pub rows: Rc<RefCell<Vec<Row>>>,
        pub run: StoppableRun,
        pub charts: RefCell<Vec<gtk::DrawingArea>>,
        /// Narrower than the table's six columns: the two counts of
        /// positions give way (the first chart shows them).
        pub narrow: std::cell::Cell<bool>,
    }

    #[glib::object_subclass]
    impl ObjectSubclass for TilesExperiment {
        const NAME: &'static str = "Match5TilesExperiment";
        type Type = super::TilesExperiment;
        type ParentType = adw::Dialog;

        fn class_init(klass: &mut Self::Class) {
            klass.bind_template();
        }

        fn instance_init(obj: &glib::subclass::InitializingObject<Self>) {
            obj.init_template();
        }
    }

    impl ObjectImpl for TilesExperiment {
        fn dispose(&self) {
            self.run.stop();
        }
    }
    impl WidgetImpl for TilesExperiment {}
    impl AdwDialogImpl for TilesExperiment {
        // Closing it stops the run (what it learned so far is kept).
        fn closed(&self) {
            self.run.stop();
            self.parent_closed();
        }
    }
}

glib::wrapper! {
    pub struct TilesExperiment(ObjectSubclass<imp::TilesExperiment>)
        @extends adw::Dialog, gtk::Widget,
        @implements gtk::Accessible, gtk::Buildable, gtk::ConstraintTarget, gtk::ShortcutManager;
}

/// Opens the experiment for `game`'s position.
pub fn show(parent: &impl IsA<gtk::Widget>, game: Game) {
    let window: TilesExperiment = glib::Object::builder().build();
    window.imp().game.replace(Some(game));
    window.setup();
    window.present(Some(parent));
}

impl TilesExperiment {
    fn setup(&self) {
        let imp = self.imp();
        imp.run_button.connect_clicked(glib::clone!(
            #[weak(rename_to = window)]
            self,
            move |_| {
                if window.imp().run.is_running() {
                    window.stop();
                } else {
                    window.start();
                }
            }
        ));
        let charts = gtk::Box::new(gtk::Orientation::Vertical, 6);
        let mut areas = Vec::new();
        for (name, pick) in [
            (gettext("Positions per move taken back"), positions as Pick),
            (gettext("Milliseconds per move taken back"), times as Pick),
        ] {
            let area: gtk::DrawingArea = glib::Object::builder()
                .property("accessible-role", gtk::AccessibleRole::Img)
                .property("content-width", 300)
                .property("content-height", 170)
                .build();
            crate::widgets::a11y::set_label(&area, &name);
            let rows = imp.rows.clone();
            area.set_draw_func(move |_, cr, w, h| {
                let dark = adw::StyleManager::default().is_dark();
                let text = crate::widgets::palette::foreground(dark);
                draw(
                    cr,
                    f64::from(w),
                    f64::from(h),
                    &rows.borrow(),
                    pick,
                    text,
                    dark,
                );
            });
            let title = gtk::Label::new(Some(&name));
            title.add_css_class("heading");
            charts.append(&title);
            charts.append(&area);
            areas.push(area);
        }
        charts.set_visible(false);
        imp.chart_slot.set_child(Some(&charts));
        imp.charts.replace(areas);
        self.header();
        if let Ok(condition) = adw::BreakpointCondition::parse("max-width: 560sp") {
            let narrow = adw::Breakpoint::new(condition);
            // Applied: narrow; unapplied: wide again.
            for on in [true, false] {
                let window = self.downgrade();
                let apply = move |_: &adw::Breakpoint| {
                    if let Some(window) = window.upgrade() {
                        window.imp().narrow.set(on);
                        window.show_columns();
                    }
                };
                if on {
                    narrow.connect_apply(apply);
                } else {
                    narrow.connect_unapply(apply);
                }
            }
            self.add_breakpoint(narrow);
        }
    }

    fn header(&self) {
        let table = &self.imp().table;
        let titles = [
            gettext("Taken back"),
            gettext("Score"),
            gettext("Search: positions"),
            gettext("Search: ms"),
            gettext("Full tree: positions"),
            gettext("Full tree: ms"),
        ];
        for (col, title) in titles.iter().enumerate() {
            let label = gtk::Label::new(Some(title));
            label.add_css_class("heading");
            label.set_xalign(1.0);
            // Two short lines, so that the columns fit.
            label.set_wrap(true);
            label.set_max_width_chars(10);
            label.set_justify(gtk::Justification::Right);
            table.attach(&label, col as i32, 0, 1, 1);
        }
        self.show_columns();
    }

    /// The columns of positions (2 and 4) only where they fit.
    fn show_columns(&self) {
        let imp = self.imp();
        let rows = imp.rows.borrow().len() as i32 + 1;
        for col in [2, 4] {
            for row in 0..=rows {
                if let Some(cell) = imp.table.child_at(col, row) {
                    cell.set_visible(!imp.narrow.get());
                }
            }
        }
    }

    fn start(&self) {
        let imp = self.imp();
        let Some(game) = imp.game.borrow().clone() else {
            return;
        };
        while let Some(child) = imp.table.first_child() {
            imp.table.remove(&child);
        }
        self.header();
        imp.rows.borrow_mut().clear();
        let limit = Duration::from_secs(imp.limit_spin.value_as_int().max(1) as u64);
        let simulations = imp.simulations_spin.value_as_int().max(1) as usize;
        let stop = imp.run.start(&imp.run_button);
        imp.progress.set_visible(true);
        imp.result_label.set_visible(false);
        imp.progress.set_fraction(0.0);
        imp.progress
            .set_text(Some(&gettext("Playing good moves to the end…")));
        let (sender, receiver) = async_channel::unbounded();
        std::thread::spawn(move || {
            let mut rng = match5_common::random::rng_from_entropy();
            let halt = || stop.load(Ordering::Relaxed);
            experiment::run(
                &game,
                simulations,
                &mut rng,
                limit,
                &halt,
                &mut |s, total| {
                    let row = Row {
                        taken_back: s.taken_back,
                        score: s.best.as_ref().map(|b| b.score),
                        visited: s.best.as_ref().map(|b| b.visited),
                        ms: s.best.as_ref().map(|b| b.elapsed.as_secs_f64() * 1e3),
                        tree: s.tree.as_ref().map(|t| t.positions),
                        distinct: s.tree.as_ref().map(|t| t.distinct),
                        tree_ms: s.tree.as_ref().map(|t| t.elapsed.as_secs_f64() * 1e3),
                    };
                    let _ = sender.send_blocking(Message::Row(row, total));
                },
            );
            let _ = sender.send_blocking(Message::Done);
        });
        glib::spawn_future_local(glib::clone!(
            #[weak(rename_to = window)]
            self,
            async move {
                while let Ok(message) = receiver.recv().await {
                    match message {
                        Message::Row(row, total) => window.add_row(row, total),
                        Message::Done => break,
                    }
                }
                window.finished();
            }
        ));
    }

    fn stop(&self) {
        self.imp().run.stop();
        self.imp()
            .progress
            .set_text(Some(&gettext("Stopping after this search…")));
    }

    fn add_row(&self, row: Row, total: usize) {
        let imp = self.imp();
        let at = row.taken_back as i32;
        let over = gettext("over the limit");
        let cells = [
            row.taken_back.to_string(),
            row.score.map_or(over.clone(), |v| v.to_string()),
            row.visited.map_or(over.clone(), group),
            row.ms.map_or(over.clone(), |v| format!("{v:.1}")),
            row.tree.map_or(over.clone(), group),
            row.tree_ms.map_or(over.clone(), |v| format!("{v:.1}")),
        ];
        for (col, text) in cells.iter().enumerate() {
            let label = gtk::Label::new(Some(text));
            label.set_xalign(1.0);
            label.add_css_class("numeric");
            label.set_visible(!(imp.narrow.get() && (col == 2 || col == 4)));
            imp.table.attach(&label, col as i32, at, 1, 1);
        }
        imp.progress
            .set_fraction(row.taken_back as f64 / total.max(1) as f64);
        imp.progress.set_text(Some(&gettext_f(
            "{n} of {total} moves taken back",
            &[
                ("n", &row.taken_back.to_string()),
                ("total", &total.to_string()),
            ],
        )));
        imp.rows.borrow_mut().push(row);
        imp.chart_slot
            .child()
            .inspect(|charts| charts.set_visible(true));
        imp.legend.set_visible(true);
        let (positions, times) = summaries(&imp.rows.borrow());
        for (chart, text) in imp.charts.borrow().iter().zip([positions, times]) {
            crate::widgets::a11y::set_description(chart, &text);
            chart.queue_draw();
        }
    }

    fn finished(&self) {
        let imp = self.imp();
        imp.run
            .finished(&imp.run_button, &gettext("_Run the Experiment"));
        let rows = imp.rows.borrow();
        let text = match rows.last() {
            Some(last) if last.tree.is_none() || last.score.is_none() => gettext_f(
                "Stopped at {n} moves taken back: a search took longer than the limit.",
                &[("n", &last.taken_back.to_string())],
            ),
            Some(last) => gettext_f(
                "Done: {n} moves taken back, to the start.",
                &[("n", &last.taken_back.to_string())],
            ),
            None => gettext("The game was already over."),
        };
        imp.progress.set_visible(false);
        imp.result_label.set_label(&text);
        imp.result_label.set_visible(true);
    }
}

/// 1234567 as "1 234 567" (thin spaces), for long counts.
fn group(n: impl ToString) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push('\u{2009}');
        }
        out.push(c);
    }
    out
}

/// The charts in words: the positions, and the times.
fn summaries(rows: &[Row]) -> (String, String) {
    let measured: Vec<&Row> = rows.iter().filter(|r| r.tree.is_some()).collect();
    let (Some(first), Some(last)) = (measured.first(), measured.last()) else {
        return (String::new(), String::new());
    };
    let ms = |v: Option<f64>| format!("{:.1}", v.unwrap_or(0.0));
    (
        gettext_f(
            "From {a} to {b} moves taken back, the full game tree grew from {ta} to {tb} positions, and the positions the computer looked at from {va} to {vb}.",
            &[
                ("a", &first.taken_back.to_string()),
                ("b", &last.taken_back.to_string()),
                ("ta", &first.tree.unwrap_or(0).to_string()),
                ("tb", &last.tree.unwrap_or(0).to_string()),
                ("va", &first.visited.unwrap_or(0).to_string()),
                ("vb", &last.visited.unwrap_or(0).to_string()),
            ],
        ),
        gettext_f(
            "From {a} to {b} moves taken back, counting the full tree took from {ca} to {cb} ms, and the best-score search from {sa} to {sb} ms.",
            &[
                ("a", &first.taken_back.to_string()),
                ("b", &last.taken_back.to_string()),
                ("ca", &ms(first.tree_ms)),
                ("cb", &ms(last.tree_ms)),
                ("sa", &ms(first.ms)),
                ("sb", &ms(last.ms)),
            ],
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_counts_are_grouped_by_thousands() {
        assert_eq!(group(5578), "5\u{2009}578");
        assert_eq!(
            group(116_019_351_485u128),
            "116\u{2009}019\u{2009}351\u{2009}485"
        );
        assert_eq!(group(12), "12");
    }
}
