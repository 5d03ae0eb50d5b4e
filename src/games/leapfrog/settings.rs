//! The leap-frog page's settings: the `[leapfrog]` table of the settings
//! file.

use serde::{Deserialize, Serialize};

use crate::settings::PageSettings;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct LeapfrogSettings {
    /// Frogs of each kind.
    pub frogs: u32,
    /// Goats instead of frogs.
    pub goats: bool,
}

impl Default for LeapfrogSettings {
    fn default() -> Self {
        LeapfrogSettings {
            frogs: 3,
            goats: false,
        }
    }
}

impl PageSettings for LeapfrogSettings {
    const ID: &'static str = "leapfrog";
    const OLDER: &'static [(&'static str, &'static str)] =
        &[("leapfrog_frogs", "frogs"), ("leapfrog_goats", "goats")];
}

#[cfg(test)]
mod tests {
    /// The schema in data/ has a key for each field, with its default.
    #[test]
    fn the_schema_holds_these_settings() {
        crate::settings::store::assert_schema_holds::<super::LeapfrogSettings>();
    }
}
