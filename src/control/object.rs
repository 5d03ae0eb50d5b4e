//! A game's D-Bus object, declared once: [`game_object!`] takes the
//! interface's properties and calls as one list each, and makes from them
//! what the bus and the main thread need.
//!
//! - From the properties: the snapshot struct the page publishes, its `diff` (which properties changed, for one
//!   `PropertiesChanged`), a getter for each, and the list of names and
//!   D-Bus types that the tests compare with `data/<interface>.xml`.
//! - From the calls: the method zbus serves, and the `Request` variant it
//!   sends to the main thread with its arguments and the place for the
//!   answer. Where the calls land (`requests.rs` of each game) destructures
//!   that variant: the arguments are written in the declaration and where
//!   they are used, nowhere else.
//!
//! A method that checks or builds its arguments before it asks (options
//! read from a dictionary, say) is written out in the declaration's
//! `methods`, with its request among `more_requests`.
//!
//! Adding a property is one line here and its `<property>` in the
//! interface's XML in `data/`; `tests` below check that the two agree.

/// How a property's value goes on the bus: most are sent as they are kept;
/// a typed state goes as its word, a reason as a dictionary.
pub trait OnBus {
    /// The type the bus sees (its D-Bus signature comes from it).
    type Wire;
    fn on_bus(&self) -> Self::Wire;
}

/// Types sent as they are kept.
macro_rules! sent_as_they_are {
    ($($t:ty),* $(,)?) => {
        $(impl OnBus for $t {
            type Wire = $t;
            fn on_bus(&self) -> $t {
                self.clone()
            }
        })*
    };
}

sent_as_they_are!(
    bool,
    u32,
    u64,
    String,
    (String, String),
    (i32, i32),
    (i32, i32, i32),
    (u32, u32, u32, u32),
    Vec<(u32, u32)>,
    (Vec<(u32, u32)>, Vec<(u32, u32)>),
    Vec<(u32, i32, bool)>,
);

/// A word kept as a `&'static str` goes as a string.
impl OnBus for &'static str {
    type Wire = String;
    fn on_bus(&self) -> String {
        (*self).to_string()
    }
}

/// Declares a game's D-Bus object: its snapshot of properties, its
/// requests, and the zbus interface made of both (see the module's text).
///
/// ```ignore
/// crate::game_object! {
///     interface "io.github.match5.Match5.LightsOut1";
///     /// The object served.
///     object LightsOut;
///     error LightsOutError;
///     /// A call, for the GTK main thread.
///     request Request;
///     /// What the properties say, as the page last published it.
///     snapshot Snapshot;
///     calls {
///         /// The next start pattern.
///         fn new_game() -> () => NewGame;
///         /// Presses light `light`.
///         fn press(light: u32) -> () => Press;
///     }
///     more_requests {}
///     methods {}
///     properties {
///         /// Like `010111010`.
///         "Lights" lights: String;
///         "Moves" moves: u32;
///     }
/// }
/// ```
///
/// A call's answer is written as one token: `()`, `String`, `(u32, u32)`
/// or a type's name (zbus reads a tuple there as that many answers).
#[macro_export]
macro_rules! game_object {
    (
        interface $interface:literal;
        $(#[$object_attr:meta])*
        object $object:ident;
        error $error:ty;
        $(#[$request_attr:meta])*
        request $request:ident;
        $(#[$snapshot_attr:meta])*
        snapshot $snapshot:ident;
        calls {
            $(
                $(#[$call_attr:meta])*
                fn $method:ident ( $($arg:ident : $arg_type:ty),* $(,)? ) -> $answer:tt => $variant:ident;
            )*
        }
        more_requests {
            $(
                $(#[$more_attr:meta])*
                $more:ident { $($field:ident : $field_type:ty),* $(,)? } -> $more_answer:tt;
            )*
        }
        methods { $($methods:tt)* }
        properties {
            $(
                $(#[$property_attr:meta])*
                $name:literal $property:ident : $property_type:ty;
            )*
        }
    ) => {
        $(#[$request_attr])*
        pub enum $request {
            $(
                $variant {
                    $($arg: $arg_type,)*
                    reply: $crate::control::bridge::Reply<$answer, $error>,
                },
            )*
            $(
                $(#[$more_attr])*
                $more {
                    $($field: $field_type,)*
                    reply: $crate::control::bridge::Reply<$more_answer, $error>,
                },
            )*
        }

        $(#[$snapshot_attr])*
        #[derive(Clone, Debug, Default, PartialEq)]
        pub struct $snapshot {
            $(
                $(#[$property_attr])*
                pub $property: $property_type,
            )*
        }

        impl $snapshot {
            /// The properties whose value differs between two snapshots,
            /// with their new values, by the names the bus knows them by.
            pub fn diff(old: &Self, new: &Self) -> Vec<$crate::control::bridge::Changed> {
                let mut changed: Vec<$crate::control::bridge::Changed> = Vec::new();
                $(
                    if old.$property != new.$property
                        && let Ok(value) = zbus::zvariant::Value::from(
                            $crate::control::object::OnBus::on_bus(&new.$property),
                        )
                        .try_into_owned()
                    {
                        changed.push(($name, value));
                    }
                )*
                changed
            }

            /// Each property's name and D-Bus type, in the order declared.
            #[allow(dead_code)]
            pub fn declared() -> Vec<(&'static str, String)> {
                use zbus::zvariant::Type;
                vec![$((
                    $name,
                    <<$property_type as $crate::control::object::OnBus>::Wire as Type>::SIGNATURE
                        .to_string(),
                ),)*]
            }
        }

        $(#[$object_attr])*
        pub struct $object(pub $crate::control::bridge::Link<$request, $snapshot>);

        impl $crate::control::bridge::Served for $object {
            type Request = $request;
            type Snapshot = $snapshot;
            fn new(link: $crate::control::bridge::Link<$request, $snapshot>) -> Self {
                $object(link)
            }
            fn diff(old: &$snapshot, new: &$snapshot) -> Vec<$crate::control::bridge::Changed> {
                $snapshot::diff(old, new)
            }
        }

        impl $object {
            /// Reads the snapshot the page last published.
            async fn read<T>(&self, f: impl FnOnce(&$snapshot) -> T) -> T {
                self.0.read(f).await
            }

            /// Sends a request of the caller behind `header` to the main
            /// thread and waits for its answer.
            #[allow(dead_code)]
            async fn ask<T>(
                &self,
                header: &zbus::message::Header<'_>,
                make: impl FnOnce($crate::control::bridge::Reply<T, $error>) -> $request,
            ) -> Result<T, $error> {
                self.0.ask(header, make).await
            }
        }

        #[zbus::interface(name = $interface)]
        impl $object {
            $(
                $(#[$call_attr])*
                async fn $method(
                    &self,
                    #[zbus(header)] header: zbus::message::Header<'_>,
                    $($arg: $arg_type),*
                ) -> Result<$answer, $error> {
                    self.ask(&header, |reply| $request::$variant { $($arg,)* reply })
                        .await
                }
            )*

            $($methods)*

            $(
                $(#[$property_attr])*
                #[zbus(property, name = $name)]
                async fn $property(&self) -> <$property_type as $crate::control::object::OnBus>::Wire {
                    self.read(|s| $crate::control::object::OnBus::on_bus(&s.$property)).await
                }
            )*
        }
    };
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    /// The properties of `interface` as its XML in `data/` declares them:
    /// name → D-Bus type.
    fn shipped(interface: &str) -> BTreeMap<String, String> {
        let path = format!("{}/data/{interface}.xml", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).expect("the interface's XML is in data/");
        // From the node on: the doctype and the comment above it are for people.
        let from = text.find("<node").expect("the XML has its node");
        let node = zbus_xml::Node::from_reader(&text.as_bytes()[from..]).expect("the XML reads");
        let found = node
            .interfaces()
            .iter()
            .find(|i| i.name().as_str() == interface)
            .unwrap_or_else(|| panic!("{path} declares {interface}"));
        found
            .properties()
            .iter()
            .map(|p| (p.name().to_string(), p.ty().to_string()))
            .collect()
    }

    fn declared(list: Vec<(&'static str, String)>) -> BTreeMap<String, String> {
        let n = list.len();
        let map: BTreeMap<String, String> =
            list.into_iter().map(|(k, v)| (k.to_string(), v)).collect();
        assert_eq!(map.len(), n, "no property is declared twice");
        map
    }

    /// Each game's declaration and its shipped XML name the same
    /// properties with the same types (the getters are made from the
    /// declaration; `tests/e2e/test_integration.py` compares what the
    /// running app introspects with the XML).
    #[test]
    fn each_game_declares_the_properties_its_xml_ships() {
        use crate::games::{five, leapfrog, tictactoe, tiles};
        let games = [
            (
                "io.github.match5.Match5.Control1",
                five::control::interface::Snapshot::declared(),
            ),
            (
                "io.github.match5.Match5.LeapFrog1",
                leapfrog::control::interface::Snapshot::declared(),
            ),
            (
                "io.github.match5.Match5.Tiles1",
                tiles::control::interface::Snapshot::declared(),
            ),
            (
                "io.github.match5.Match5.TicTacToe1",
                tictactoe::control::interface::Snapshot::declared(),
            ),
        ];
        for (interface, list) in games {
            assert_eq!(declared(list), shipped(interface), "{interface}");
        }
    }

    /// The diff names exactly the properties that changed, by their bus
    /// names, with their values as the bus sends them.
    #[test]
    fn the_diff_names_what_changed_by_its_bus_name() {
        use crate::games::leapfrog::control::interface::Snapshot;
        let old = Snapshot::default();
        let new = Snapshot {
            frogs: 3,
            position: "XXX.YYY".into(),
            ..Snapshot::default()
        };
        let changed = Snapshot::diff(&old, &new);
        let names: Vec<&str> = changed.iter().map(|(n, _)| *n).collect();
        assert_eq!(names, ["Frogs", "Position"]);
        assert_eq!(u32::try_from(changed[0].1.try_clone().unwrap()).unwrap(), 3);
        assert!(Snapshot::diff(&new, &new).is_empty());
    }
}
