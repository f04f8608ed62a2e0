//! The GitHub workflows and the packaging config they use are valid (issue 23): the release workflow
//! parses as YAML, builds and packages Linux (.deb and AppImage), Windows and macOS on version tags with
//! cargo-packager, with the CLI beside the app; the packaging config names binaries that the workspace
//! builds and art that exists. A workflow that only fails on GitHub, on the day of a release, is found here.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::{Path, PathBuf};

use yaml_rust2::{Yaml, YamlLoader};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn workflow(name: &str) -> Yaml {
    let path = root().join(".github/workflows").join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut docs = YamlLoader::load_from_str(&text).unwrap_or_else(|e| panic!("{name} is not YAML: {e}"));
    assert_eq!(docs.len(), 1, "{name} holds one document");
    docs.remove(0)
}

/// Every `run:` line of a job's steps, joined.
fn runs(job: &Yaml) -> String {
    let steps = job["steps"].as_vec().expect("a job has steps");
    steps
        .iter()
        .filter_map(|s| s["run"].as_str())
        .collect::<Vec<_>>()
        .join("\n")
}

fn packager_config() -> toml::Table {
    let path = root().join("crates/app/Cargo.toml");
    let manifest: toml::Table = std::fs::read_to_string(&path).unwrap().parse().unwrap();
    manifest["package"]["metadata"]["packager"]
        .as_table()
        .expect("crates/app/Cargo.toml has [package.metadata.packager]")
        .clone()
}

#[test]
fn the_release_workflow_packages_every_desktop_on_version_tags() {
    let release = workflow("release.yml");
    let tags = release["on"]["push"]["tags"].as_vec().expect("on.push.tags");
    assert_eq!(tags, &[Yaml::String("v*".into())]);

    let job = &release["jobs"]["package"];
    assert!(!job.is_badvalue(), "the release workflow has a package job");
    let matrix = job["strategy"]["matrix"]["include"]
        .as_vec()
        .expect("a matrix of platforms");
    let formats_on = |os: &str| -> Vec<String> {
        matrix
            .iter()
            .filter(|m| m["os"].as_str().is_some_and(|o| o.starts_with(os)))
            .flat_map(|m| {
                m["formats"]
                    .as_str()
                    .unwrap_or("")
                    .split(',')
                    .map(str::to_owned)
                    .collect::<Vec<_>>()
            })
            .collect()
    };
    assert_eq!(formats_on("ubuntu"), ["deb", "appimage"]);
    assert_eq!(formats_on("windows"), ["nsis"]);
    assert_eq!(formats_on("macos"), ["dmg"]);

    let run = runs(job);
    assert!(run.contains("cargo install cargo-packager --locked"), "{run}");
    assert!(
        run.contains("cargo build --release --locked -p periscope -p periscope-cli"),
        "{run}"
    );
    assert!(
        run.contains(
            "cargo packager --release --manifest-path crates/app/Cargo.toml --formats ${{ matrix.formats }}"
        ),
        "{run}"
    );
    // Every action is pinned to a major version, never a moving branch.
    for step in job["steps"].as_vec().unwrap() {
        if let Some(uses) = step["uses"].as_str() {
            let (_, version) = uses
                .split_once('@')
                .unwrap_or_else(|| panic!("{uses} has no version"));
            assert!(version.starts_with('v') || version == "stable", "{uses}");
        }
    }
}

#[test]
fn the_ci_workflow_runs_the_same_script_as_a_developer() {
    let ci = workflow("ci.yml");
    let run = runs(&ci["jobs"]["check"]);
    assert!(run.contains("bash .ci/run"), "{run}");
}

#[test]
fn the_packaging_config_names_the_app_and_the_cli_and_art_that_exists() {
    let config = packager_config();
    let binaries: Vec<(String, bool)> = config["binaries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| {
            let path = b["path"].as_str().unwrap().to_owned();
            let main = b.get("main").and_then(toml::Value::as_bool).unwrap_or(false);
            (path, main)
        })
        .collect();
    assert_eq!(
        binaries,
        [
            ("periscope".to_owned(), true),
            ("periscope-cli".to_owned(), false)
        ]
    );
    // Those are the workspace's binaries, by the names their crates give them.
    for (crate_dir, bin) in [("crates/app", "periscope"), ("crates/cli", "periscope-cli")] {
        let manifest = std::fs::read_to_string(root().join(crate_dir).join("Cargo.toml")).unwrap();
        assert!(
            manifest.contains(&format!("name = \"{bin}\"")),
            "{crate_dir} builds {bin}"
        );
    }

    let app = root().join("crates/app");
    let icons = config["icons"].as_array().unwrap();
    assert!(
        icons.iter().any(|i| i.as_str().unwrap().ends_with(".ico")),
        "Windows needs an .ico"
    );
    assert!(
        icons.iter().any(|i| i.as_str().unwrap().ends_with("-512.png")),
        "macOS needs a large PNG"
    );
    for icon in icons {
        let path = app.join(icon.as_str().unwrap());
        assert!(path.is_file(), "{} exists", path.display());
    }
    let deb = config["deb"].as_table().unwrap();
    let template = app.join(deb["desktop-template"].as_str().unwrap());
    let entry = std::fs::read_to_string(&template).unwrap();
    for line in [
        "Type=Application",
        "Exec={{exec}}",
        "Icon={{icon}}",
        "Categories=Game;",
    ] {
        assert!(
            entry.lines().any(|l| l.starts_with(line)),
            "{}: {line}",
            template.display()
        );
    }
    // The desktop entry's WM class is the app id the window gives itself (crates/app/src/desktop.rs,
    // where the window's viewport is built).
    let desktop = std::fs::read_to_string(app.join("src/desktop.rs")).unwrap();
    assert!(desktop.contains(".with_app_id(\"periscope\")"));
    assert!(entry.contains("StartupWMClass=periscope"));
}

#[test]
fn ci_installs_the_deb_and_runs_the_installed_cli_from_a_clean_folder() {
    let script = std::fs::read_to_string(root().join(".ci/run")).unwrap();
    for needed in [
        "cargo install cargo-packager --locked",
        "--formats deb",
        "dpkg -i",
        "/usr/bin/periscope-cli sim hunt --games 10",
    ] {
        assert!(script.contains(needed), ".ci/run: {needed}");
    }
}
