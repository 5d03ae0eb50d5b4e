//! Dates as the person reads them: in their own time zone (`TZ`, else
//! /etc/localtime), not in UTC, so that a game played in the evening west
//! of Greenwich, or just after midnight east of it, gets its own day.

use std::time::{SystemTime, UNIX_EPOCH};

/// The date of `when` in the local time zone, `YYYY-MM-DD`.
#[allow(unsafe_code)]
pub fn local_date(when: SystemTime) -> String {
    let seconds = match when.duration_since(UNIX_EPOCH) {
        Ok(d) => d.as_secs() as libc::time_t,
        Err(e) => -(e.duration().as_secs() as libc::time_t),
    };
    // SAFETY: localtime_r reads the time and writes only into `tm`, which
    // is a plain struct that it fills in whole; it returns null on failure.
    let mut tm: libc::tm = unsafe { std::mem::zeroed() };
    let filled = unsafe { !libc::localtime_r(&seconds, &mut tm).is_null() };
    if !filled {
        return humantime::format_rfc3339_seconds(when).to_string()[..10].to_string();
    }
    format!(
        "{:04}-{:02}-{:02}",
        i64::from(tm.tm_year) + 1900,
        tm.tm_mon + 1,
        tm.tm_mday
    )
}

/// Today's date in the local time zone, `YYYY-MM-DD`.
pub fn today() -> String {
    local_date(SystemTime::now())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::process::Command;
    use std::time::Duration;

    /// The date of a moment in each of three time zones, as `date` says it
    /// (a child process, so that no test changes this one's TZ).
    #[test]
    fn the_date_is_the_local_one() {
        if std::env::var_os("MATCH5_DATE_CHILD").is_some() {
            // 2026-11-26 23:30 UTC.
            let when = UNIX_EPOCH + Duration::from_secs(1_795_735_800);
            println!("date={}", local_date(when));
            return;
        }
        let exe = std::env::current_exe().unwrap();
        for (tz, want) in [
            ("UTC", "2026-11-26"),
            ("America/New_York", "2026-11-26"),
            ("Europe/Amsterdam", "2026-11-27"),
            ("Pacific/Honolulu", "2026-11-26"),
            ("Asia/Tokyo", "2026-11-27"),
        ] {
            let out = Command::new(&exe)
                .args([
                    "--exact",
                    "time::tests::the_date_is_the_local_one",
                    "--nocapture",
                ])
                .env("MATCH5_DATE_CHILD", "1")
                .env("TZ", tz)
                .output()
                .unwrap();
            let text = String::from_utf8_lossy(&out.stdout);
            assert!(text.contains(&format!("date={want}")), "{tz}: {text}");
        }
    }
}
