//! The floor for `tools/bench-startup`: a bare libadwaita window (a header
//! bar and one label), started the way Match5 starts, printing the same
//! `match5-startup:` lines. What Match5 needs beyond this is its own cost.

use adw::prelude::*;
use std::time::Instant;

fn trace(start: Instant, step: &str) {
    eprintln!(
        "match5-startup: {step} {:.1}",
        start.elapsed().as_secs_f64() * 1000.0
    );
}

fn main() -> gtk::glib::ExitCode {
    let start = Instant::now();
    let app = adw::Application::builder()
        .application_id("io.github.match5.BareWindow")
        .build();
    app.connect_startup(move |_| trace(start, "gtk-ready"));
    app.connect_activate(move |app| {
        let content = gtk::Box::new(gtk::Orientation::Vertical, 0);
        content.append(&adw::HeaderBar::new());
        content.append(&gtk::Label::new(Some("Hello")));
        let window = adw::ApplicationWindow::builder()
            .application(app)
            .default_width(900)
            .default_height(700)
            .content(&content)
            .build();
        window.connect_realize(move |w| {
            let Some(clock) = w.frame_clock() else {
                return;
            };
            let done = std::cell::Cell::new(false);
            clock.connect_after_paint(move |_| {
                if !done.replace(true) {
                    trace(start, "first-frame");
                    if std::env::var_os("MATCH5_TRACE_STARTUP").is_some_and(|v| v == "exit") {
                        std::process::exit(0);
                    }
                }
            });
        });
        trace(start, "window-made");
        window.present();
    });
    app.run()
}
