package locations

// ProjectDirName is the name of the folder in which a project keeps pi's and agentmgr's files
// (its personas in agents/, its guards in agent-manager/): the folder Find looks for.
const ProjectDirName = ".pi"
