//! Mistakes in the arguments: one line, then clap's tips and usage; a number where a file is
//! expected named as the board size.

use std::ffi::{OsStr, OsString};
use std::io;
use std::io::Write;
use std::process::ExitCode;

use clap::CommandFactory;
use clap::error::ErrorKind;

use crate::args::Cli;
use crate::say;

/// Help and version go to stdout with success. A mistake in the arguments is one line with
/// exit code 2, then what clap has to add: its tips (a similar command, option or value;
/// how to pass a value that starts with `-`) and the usage they lead to.
pub(crate) fn usage_error(err: &clap::Error, args: &[OsString]) -> ExitCode {
    if matches!(
        err.kind(),
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion
    ) {
        let _ = write!(io::stdout(), "{}", err.render());
        return ExitCode::SUCCESS;
    }
    if err.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
        let _ = write!(io::stderr(), "{}", err.render());
        return ExitCode::from(2);
    }
    let tip = match err.kind() {
        ErrorKind::MissingRequiredArgument => file_took_the_size(args),
        _ => None,
    };
    for line in clap_lines(&err.render().to_string(), tip) {
        say(format_args!("{line}"));
    }
    ExitCode::from(2)
}

/// The lines printed for clap's `rendered` error: its message as one line, then its tips,
/// `extra_tip` (if any), and its usage line if it has one. Each line quotes at
/// most [`MAX_MESSAGE`] characters: an argument may be long.
pub(crate) fn clap_lines(rendered: &str, extra_tip: Option<String>) -> Vec<String> {
    let cut = |mut line: String| {
        if let Some((cut, _)) = line.char_indices().nth(MAX_MESSAGE) {
            line.truncate(cut);
            line.push_str("...");
        }
        line
    };
    // The message runs up to the first blank line; tips, usage and a pointer to --help
    // follow.
    let mut lines = rendered.lines();
    let message: Vec<&str> = lines
        .by_ref()
        .take_while(|line| !line.trim().is_empty())
        .map(str::trim)
        .collect();
    let mut printed = vec![cut(format!("queens: {}", message.join(" ")))];
    let rest: Vec<&str> = lines.map(str::trim).collect();
    let tips = rest
        .iter()
        .filter(|line| line.starts_with("tip:"))
        .map(|tip| tip.to_string())
        .chain(extra_tip);
    printed.extend(tips.map(|tip| cut(format!("  {tip}"))));
    let usage = rest.iter().find(|line| line.starts_with("Usage:"));
    printed.extend(usage.map(|usage| cut(usage.to_string())));
    printed
}

/// The longest line of an error printed, in characters.
pub(crate) const MAX_MESSAGE: usize = 300;

/// Whether `text` is written like a board size: decimal digits only.
pub(crate) fn is_number(text: &OsStr) -> bool {
    text.to_str()
        .is_some_and(|text| !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()))
}

/// A tip for a command that lacks its board size because an option that takes a FILE took
/// it: `queens count --checkpoint 16`.
pub(crate) fn file_took_the_size(args: &[OsString]) -> Option<String> {
    let command = Cli::command();
    let name = args.get(1)?.to_str()?;
    let sub = command.find_subcommand(name)?;
    if !sub.get_positionals().any(|arg| arg.get_id() == "n") {
        return None;
    }
    let takes_file = |option: &str| {
        sub.get_arguments().find(|arg| {
            let names_file = arg
                .get_value_names()
                .is_some_and(|names| names.iter().any(|name| name == "FILE"));
            let named = if let Some(long) = option.strip_prefix("--") {
                arg.get_long() == Some(long)
            } else if let Some(short) = option.strip_prefix('-') {
                let mut chars = short.chars();
                matches!((chars.next(), chars.next()), (Some(c), None) if arg.get_short() == Some(c))
            } else {
                false
            };
            names_file && named
        })
    };
    let mut words = args[2..].iter().filter_map(|a| a.to_str());
    while let Some(word) = words.next() {
        // `--output=8`, `-o=8`, `-o8` or `--output 8`.
        let (option, value) = match word.split_once('=') {
            Some((option, value)) if option.starts_with('-') => (option, Some(value)),
            _ if !word.starts_with("--") && word.starts_with('-') && word.len() > 2 => {
                let at = word.char_indices().nth(2).map_or(word.len(), |(at, _)| at);
                (&word[..at], Some(&word[at..]))
            }
            _ => (word, None),
        };
        let Some(arg) = takes_file(option) else {
            continue;
        };
        let Some(value) = value.or_else(|| words.next()) else {
            continue;
        };
        if is_number(OsStr::new(value)) {
            let long = arg.get_long().unwrap_or_default();
            return Some(format!(
                "tip: {value} was read as the FILE of --{long}; the board size comes first: `queens {name} {value} --{long} FILE`"
            ));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clap_s_tips_and_usage_follow_its_message_on_lines_of_their_own() {
        let rendered = "error: unexpected argument '--frist' found\n\n  tip: a similar argument \
                        exists: '--first'\n\nUsage: queens solve --first <K> <N>\n\nFor more \
                        information, try '--help'.\n";
        assert_eq!(
            clap_lines(rendered, Some("tip: more".into())),
            [
                "queens: error: unexpected argument '--frist' found",
                "  tip: a similar argument exists: '--first'",
                "  tip: more",
                "Usage: queens solve --first <K> <N>",
            ]
        );
        let one_line = "error: invalid value 'x' for '--first <K>': invalid digit found in \
                        string\n\nFor more information, try '--help'.\n";
        assert_eq!(
            clap_lines(one_line, None),
            ["queens: error: invalid value 'x' for '--first <K>': invalid digit found in string"]
        );
    }

    #[test]
    fn a_number_taken_by_an_option_that_takes_a_file_is_named_in_a_tip() {
        let tip = |args: &[&str]| {
            let args: Vec<OsString> = args.iter().map(OsString::from).collect();
            file_took_the_size(&args)
        };
        let expected = "tip: 16 was read as the FILE of --checkpoint; the board size comes \
                        first: `queens count 16 --checkpoint FILE`";
        assert_eq!(
            tip(&["queens", "count", "--checkpoint", "16"]).as_deref(),
            Some(expected)
        );
        assert_eq!(
            tip(&["queens", "count", "--checkpoint=16"]).as_deref(),
            Some(expected)
        );
        // A file's name, an option that takes no FILE, a command without a board size.
        assert_eq!(tip(&["queens", "count", "--checkpoint", "cp16"]), None);
        assert_eq!(tip(&["queens", "count", "--threads", "16"]), None);
        assert_eq!(tip(&["queens", "merge", "-o", "16"]), None);
        assert_eq!(tip(&["queens", "nosuch", "-o", "16"]), None);
    }
}
